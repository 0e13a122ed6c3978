import { queryOptions } from "@tanstack/react-query";
import { type CredentialList } from "@/lib/models/attestation";
import { fetchJson } from "@/lib/result";

/**
 * React-query keys and the read of a vehicle's credentials, through the dashboard's attestations route
 * (app/api/vehicles/[tokenId]/attestations). A failure throws an AppFailure in the route's words.
 */
export const attestationKeys = {
  list: (tokenId: number) => ["attestations", tokenId, "list"] as const,
  /** The mutation key of a creation, so every button of the vehicle sees one running. */
  create: (tokenId: number) => ["attestations", tokenId, "create"] as const,
};

export function credentialsQuery(tokenId: number) {
  return queryOptions({
    queryKey: attestationKeys.list(tokenId),
    queryFn: ({ signal }) =>
      fetchJson<CredentialList>(`/api/vehicles/${tokenId}/attestations`, { signal, cache: "no-store" }),
  });
}
