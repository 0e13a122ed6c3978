"use client";

import { useIsMutating, useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { requestInstantOfferAction } from "@/lib/actions/valuation";
import { type AppError, toAppError, unwrap } from "@/lib/result";
import { valuationKeys } from "./valuation-keys";

export interface InstantOfferRequest {
  /** Starts a request unless one for this vehicle is already running in this tab. */
  request: () => void;
  pending: boolean;
  /** When the running request started (ms), for its progress. */
  startedAt: number | null;
  error: AppError | null;
}

/**
 * The "Get instant offers" request. Within a tab, a second click, a double click or a second button never sends a
 * second request while one runs (server actions queue one after another, so a second call would reach DIMO after the
 * first and ask again). Across tabs, the server shares one upstream request per vehicle.
 */
export function useInstantOfferRequest(tokenId: number): InstantOfferRequest {
  const queryClient = useQueryClient();
  const mutationKey = valuationKeys.instantOffer(tokenId);
  // A ref, not state: it is set in the same event as the click, before React re-renders the button as disabled.
  const inFlight = useRef(false);
  const mutation = useMutation({
    mutationKey,
    mutationFn: async () => unwrap(await requestInstantOfferAction({ tokenId })),
    // Awaited, so the progress ends when the fresh offers are on screen.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: valuationKeys.offers(tokenId) }),
  });
  const runningForVehicle = useIsMutating({ mutationKey }) > 0;
  const pending = mutation.isPending || runningForVehicle;

  return {
    request() {
      if (inFlight.current || pending) return;
      inFlight.current = true;
      mutation.mutate(undefined, {
        onSettled: () => {
          inFlight.current = false;
        },
      });
    },
    pending,
    startedAt: mutation.isPending ? mutation.submittedAt : null,
    error: mutation.isError ? toAppError(mutation.error) : null,
  };
}
