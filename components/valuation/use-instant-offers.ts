"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { requestInstantOfferAction } from "@/lib/actions/valuation";
import type { OfferRequest, OffersView } from "@/lib/models";
import { type AppError, toAppError, unwrap } from "@/lib/result";
import { isRunning, offerRequestQuery, offersQuery, valuationKeys } from "./valuation-queries";

export interface InstantOffers {
  /** The offers, when the grant lets the page read them; undefined until the first answer. */
  view: OffersView | undefined;
  listError: AppError | null;
  isFetching: boolean;
  refetch: () => void;
  /** Starts a request unless one for this vehicle is already running. */
  request: () => void;
  /** The request in progress or just ended, as the server follows it. */
  current: OfferRequest | null;
  pending: boolean;
  /** Why the last request could not be made or failed, in words for people. */
  requestError: AppError | null;
}

export interface InstantOffersOptions {
  /** The grant allows reading the offers. */
  canList: boolean;
  /** The grant allows requesting them. */
  canRequest: boolean;
}

/**
 * The vehicle's offers and its instant-offer request. The request lives on the server (DIMO's job takes about a
 * minute): a click starts it there through the action, or joins the one running; while it runs the page polls the
 * offers route with the request's state (or the request's route alone when the grant does not let it read the
 * offers), and stops once it has ended. The server prefetches the first answers (value-sections.tsx); a failed one is
 * asked again by the browser. A second click or a double click within a tab sends nothing while one is starting.
 */
export function useInstantOffers(tokenId: number, { canList, canRequest }: InstantOffersOptions): InstantOffers {
  const queryClient = useQueryClient();
  const offers = useQuery({ ...offersQuery(tokenId), enabled: canList });
  const status = useQuery({ ...offerRequestQuery(tokenId), enabled: !canList && canRequest });
  // A ref, not state: it is set in the same event as the click, before React re-renders the button as disabled.
  const starting = useRef(false);
  const mutation = useMutation({
    mutationKey: valuationKeys.instantOffer(tokenId),
    mutationFn: async () => unwrap(await requestInstantOfferAction({ tokenId })),
    // The request's state goes where the polling reads it; the offers are fetched again with it.
    onSuccess: async (request) => {
      queryClient.setQueryData<OfferRequest | null>(valuationKeys.offerRequest(tokenId), request);
      queryClient.setQueryData<OffersView>(valuationKeys.offers(tokenId), (view) =>
        view ? { ...view, request } : view,
      );
      await queryClient.invalidateQueries({ queryKey: valuationKeys.offers(tokenId) });
    },
    onSettled: () => {
      starting.current = false;
    },
  });

  const current = (canList ? offers.data?.request : status.data) ?? null;
  const pending = mutation.isPending || isRunning(current);
  const requestError = mutation.isError
    ? toAppError(mutation.error)
    : current?.status === "failed"
      ? current.error
      : null;

  return {
    view: offers.data,
    listError: offers.error ? toAppError(offers.error) : null,
    isFetching: offers.isFetching,
    refetch: () => void offers.refetch(),
    request() {
      if (starting.current || pending) return;
      starting.current = true;
      mutation.mutate();
    },
    current,
    pending,
    requestError,
  };
}
