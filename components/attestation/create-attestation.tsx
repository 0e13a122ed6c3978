"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { BadgeCheck, Loader2 } from "lucide-react";
import { useRef, useState } from "react";
import { ReadOnlyReason, useReadOnlyReason } from "@/components/team/read-only";
import { Button } from "@/components/ui/button";
import { ErrorNotice } from "@/components/ui/error-notice";
import { MissingPrivilege } from "@/components/vehicles/missing-privilege";
import { createAttestationAction } from "@/lib/actions/attestation";
import { type PrivilegeId } from "@/lib/protocol";
import { toAppError, unwrap } from "@/lib/result";
import {
  ATTESTATION_FEATURES,
  ATTESTATION_KINDS,
  ATTESTATION_LABELS,
  type AttestationCreated,
  type AttestationKind,
  type AttestationRequest,
} from "@/lib/models/attestation";
import { attestationKeys } from "./attestation-queries";
import { HEALTH_RANGES, type HealthRangeId, healthRange } from "./health-range";

/** What each button attests, in a sentence under it. */
const HINTS: Record<AttestationKind, string> = {
  vin: "The VIN the vehicle's device reported.",
  odometer: "The latest odometer reading.",
  position: "Where the vehicle was at its latest location fix (an H3 cell, not the exact point).",
  health: "Trouble codes and tire pressures over a range.",
};

export interface CreateAttestationProps {
  tokenId: number;
  /** The privileges the grant lacks for each kind; empty when it may be created. */
  missing: Record<AttestationKind, readonly PrivilegeId[]>;
}

/**
 * A button per credential the grant allows; the privilege each other one needs, in place of its button. One creation
 * at a time per panel: a click while one runs sends nothing, and the server shares identical requests besides.
 */
export function CreateAttestation({ tokenId, missing }: CreateAttestationProps) {
  const queryClient = useQueryClient();
  const [range, setRange] = useState<HealthRangeId>("week");
  // A ref, not state: set in the same event as the click, before React re-renders the buttons as busy.
  const starting = useRef(false);
  const readOnly = useReadOnlyReason();
  const mutation = useMutation({
    mutationKey: attestationKeys.create(tokenId),
    mutationFn: async (request: AttestationRequest) => unwrap(await createAttestationAction({ tokenId, request })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attestationKeys.list(tokenId) }),
    onSettled: () => {
      starting.current = false;
    },
  });

  const create = (kind: AttestationKind) => {
    if (starting.current || mutation.isPending) return;
    starting.current = true;
    mutation.mutate(kind === "health" ? { kind, ...healthRange(range) } : { kind });
  };

  const allowed = ATTESTATION_KINDS.filter((kind) => missing[kind].length === 0);
  const refused = ATTESTATION_KINDS.filter((kind) => missing[kind].length > 0);
  const pendingKind = mutation.isPending ? mutation.variables?.kind : undefined;

  return (
    <div className="flex flex-col gap-4">
      <ReadOnlyReason />
      {allowed.length > 0 ? (
        <ul className="grid gap-3 sm:grid-cols-2">
          {allowed.map((kind) => (
            <li key={kind} className="flex flex-col gap-2 rounded-md border border-border p-3">
              <div className="flex flex-wrap items-center gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => create(kind)}
                  disabled={readOnly !== null}
                  title={readOnly ?? undefined}
                  aria-disabled={mutation.isPending}
                  aria-busy={pendingKind === kind}
                  className={mutation.isPending ? "cursor-not-allowed opacity-60" : undefined}
                  data-testid="attestation-create"
                  data-kind={kind}
                  data-state={pendingKind === kind ? "pending" : "idle"}
                >
                  {pendingKind === kind ? (
                    <Loader2 className="size-4 animate-spin" aria-hidden />
                  ) : (
                    <BadgeCheck className="size-4" aria-hidden />
                  )}
                  {pendingKind === kind ? "Creating…" : `Create ${ATTESTATION_LABELS[kind]} credential`}
                </Button>
                {kind === "health" ? (
                  <label className="flex items-center gap-1.5 text-sm text-muted-foreground">
                    <span className="sr-only">Health range</span>
                    <select
                      value={range}
                      onChange={(event) => setRange(event.target.value as HealthRangeId)}
                      className="h-8 rounded-md border border-border bg-card px-2 text-sm text-foreground"
                      data-testid="attestation-health-range"
                    >
                      {HEALTH_RANGES.map((option) => (
                        <option key={option.id} value={option.id}>
                          {option.label}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : null}
              </div>
              <p className="text-xs text-muted-foreground">{HINTS[kind]}</p>
            </li>
          ))}
        </ul>
      ) : null}
      <CreationOutcome created={mutation.isSuccess ? mutation.data : undefined} />
      {mutation.isError && mutation.variables ? (
        // No retry button of its own: the creation buttons are the retry, and the words say whether it can help.
        <ErrorNotice
          error={toAppError(mutation.error)}
          feature={ATTESTATION_FEATURES[mutation.variables.kind]}
          title={`The ${ATTESTATION_LABELS[mutation.variables.kind]} credential could not be created.`}
          testId="attestation-create-error"
        />
      ) : null}
      {refused.map((kind) => (
        <MissingPrivilege key={kind} feature={ATTESTATION_FEATURES[kind]} missing={missing[kind]} />
      ))}
    </div>
  );
}

/** Said once a credential is made, for whoever is not looking at the list (the focus stays on the button). */
function CreationOutcome({ created }: { created: AttestationCreated | undefined }) {
  return (
    <p role="status" className="text-sm text-muted-foreground empty:hidden" data-testid="attestation-created">
      {created ? `${ATTESTATION_LABELS[created.kind]} credential created: ${created.message}` : ""}
    </p>
  );
}
