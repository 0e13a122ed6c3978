"use server";
import "server-only";
import { guarded } from "@/lib/server/guard";
import { createAttestationInput, createCredential } from "@/lib/server/attestation";

/**
 * The attestations page's one change: a credential made with a click. The list is a GET route over the guarded read
 * of lib/server/attestation.ts, so reading it never queues behind this action.
 */

/** Creates a VIN, odometer, position or health credential; answers with the Attestation API's message. */
export const createAttestationAction = guarded(
  createAttestationInput,
  async function createAttestationAction({ tokenId, request }) {
    return createCredential(tokenId, request);
  },
  {
    change: {
      kind: "attestation.create",
      describe: ({ tokenId, request }) => ({
        target: String(tokenId),
        detail: `A ${request.kind} attestation for vehicle ${tokenId}`,
      }),
    },
  },
);
