import { missingFor } from "@/lib/features";
import { type VehicleGrant } from "@/lib/models";
import { listCredentials } from "@/lib/server/attestation";
import { ATTESTATION_FEATURES, ATTESTATION_KINDS, type AttestationKind } from "@/lib/models/attestation";
import { type PrivilegeId } from "@/lib/protocol";
import { AttestationsPanel } from "./attestations-panel";

/**
 * The server half of the attestations panel: what the grant lacks for each kind (so a missing privilege is explained
 * in place of its button, and costs no call), and the first answer for the list, through the guarded read the
 * attestations route shares. The client panel seeds react-query with it.
 */
export async function AttestationsSection({ tokenId, grant }: { tokenId: number; grant: VehicleGrant | null }) {
  const missing = Object.fromEntries(
    ATTESTATION_KINDS.map((kind) => [kind, missingFor(grant, ATTESTATION_FEATURES[kind])]),
  ) as Record<AttestationKind, PrivilegeId[]>;
  return <AttestationsPanel tokenId={tokenId} missing={missing} initial={await listCredentials({ tokenId })} />;
}
