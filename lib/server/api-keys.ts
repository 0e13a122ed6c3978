import "server-only";
import { getApiKeyManager } from "@/lib/dimo/api-keys";

/** The license's chain for the License page's reads: paced, logged, its event scans kept. */
export { getLicenseChainReader } from "@/lib/dimo/api-keys";
import { guarded } from "./guard";
import { noInput } from "./inputs";

/**
 * What the License page, the developer page and the header read of the license's API keys: every key (its signer,
 * where it lives, since when it is enabled, when it expires, whether it is in use), and the key in use with its
 * warning 30 days before it expires. No private key is ever part of an answer.
 */

export const listApiKeys = guarded(noInput, async function listApiKeys() {
  return getApiKeyManager().list();
});

export const apiKeyInUse = guarded(noInput, async function apiKeyInUse() {
  return getApiKeyManager().inUse();
});

/** The key in use for every page's expiry line: kept a few minutes, dropped by the dashboard's own changes. */
export const apiKeyInUseKept = guarded(noInput, async function apiKeyInUseKept() {
  return getApiKeyManager().inUseCached();
});
