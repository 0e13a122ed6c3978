"use server";
import "server-only";
import { z } from "zod";
import { getDimoClient } from "@/lib/dimo";
import { getApiKeyManager } from "@/lib/dimo/api-keys";
import { AppFailure } from "@/lib/result";
import { guarded } from "@/lib/server/guard";
import { noInput } from "@/lib/server/inputs";

/**
 * The license's API keys, changed from the License page: the server makes a key (its private key never leaves the
 * server), the owner's wallet enables its signer on the chain, and the server confirms by reading the chain itself.
 * Only the license owner may do either: an admin is refused here, whatever the page showed.
 */

const OWNER_ONLY = new AppFailure({
  code: "FORBIDDEN",
  message: "Only the license owner can make or confirm the license's API keys.",
  retryable: false,
});

const signerInput = z
  .object({
    signer: z
      .string()
      .trim()
      .regex(/^0x[0-9a-fA-F]{40}$/, "name the key by its signer address: 0x followed by 40 hex characters")
      .transform((value) => value as `0x${string}`),
  })
  .strict();

/** Makes a new API key, kept sealed on the server; returns only its signer address, for the wallet to enable. */
export const createApiKeyAction = guarded(
  noInput,
  async function createApiKeyAction(_input, { session }) {
    if (session.role !== "owner") throw OWNER_ONLY;
    return getApiKeyManager().createPending(session.address);
  },
  { change: { kind: "license.api-key.create" } },
);

/**
 * Puts a key the wallet enabled into use, once the chain shows it enabled (what the browser says is not taken), and
 * signs the next challenge with it at once, so the owner sees DIMO accept it.
 */
export const confirmApiKeyAction = guarded(
  signerInput,
  async function confirmApiKeyAction({ signer }, { session }) {
    if (session.role !== "owner") throw OWNER_ONLY;
    const key = await getApiKeyManager().confirm(signer);
    if (key.inUse) await getDimoClient().refreshDeveloperToken();
    return key;
  },
  {
    change: {
      kind: "license.api-key.use",
      describe: ({ signer }) => ({ target: signer, detail: `Put the API key of signer ${signer} into use` }),
    },
  },
);

/** The owner's wallet changed the license (a key disabled, say): every instance reads the key in use afresh. */
export const licenseChangedAction = guarded(
  noInput,
  async function licenseChangedAction(_input, { session }) {
    if (session.role !== "owner") throw OWNER_ONLY;
    await getApiKeyManager().forgetInUse();
  },
  { viewers: "refused" },
);
