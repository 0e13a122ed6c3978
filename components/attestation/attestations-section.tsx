import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import { missingFor } from "@/lib/features";
import { type VehicleGrant } from "@/lib/models";
import { listCredentials } from "@/lib/server/attestation";
import { ATTESTATION_FEATURES, ATTESTATION_KINDS, type AttestationKind } from "@/lib/models/attestation";
import { type PrivilegeId } from "@/lib/protocol";
import { getQueryClient } from "@/lib/query-client";
import { toAppError, unwrap } from "@/lib/result";
import { attestationKeys, credentialsQuery } from "./attestation-queries";
import { AttestationsPanel } from "./attestations-panel";

/**
 * The server half of the attestations panel: what the grant lacks for each kind (so a missing privilege is explained
 * in place of its button, and costs no call), and the list prefetched through the guarded read the attestations route
 * shares. A failed read is not dehydrated (its words would be lost), so its error goes to the panel as plain data,
 * shown while the browser asks again.
 */
export async function AttestationsSection({ tokenId, grant }: { tokenId: number; grant: VehicleGrant | null }) {
  const missing = Object.fromEntries(
    ATTESTATION_KINDS.map((kind) => [kind, missingFor(grant, ATTESTATION_FEATURES[kind])]),
  ) as Record<AttestationKind, PrivilegeId[]>;
  const queryClient = getQueryClient();
  await queryClient.prefetchQuery({
    ...credentialsQuery(tokenId),
    queryFn: async () => unwrap(await listCredentials({ tokenId })),
  });
  const failure = queryClient.getQueryState(attestationKeys.list(tokenId))?.error;
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <AttestationsPanel tokenId={tokenId} missing={missing} serverError={failure ? toAppError(failure) : null} />
    </HydrationBoundary>
  );
}
