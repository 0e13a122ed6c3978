import type { ApiKeyView } from "@/lib/models/api-keys";

/** What the License page shows and its changes need, read on the server from the chain and the key manager. */
export interface LicenseView {
  tokenId: string;
  alias: string;
  clientId: `0x${string}`;
  owner: `0x${string}`;
  contract: `0x${string}`;
  chain: { id: number; name: string; rpcUrl: string | undefined };
  redirectUris: string[];
  /** The dashboard's own redirect URIs (its domain and Sign in with DIMO's callback): disabling one breaks sign-in. */
  dashboardUris: string[];
  keys: ApiKeyView[];
  /** The chain's clock, in milliseconds: expiry warnings are judged by it. */
  chainNow: number;
}

export const KEY_WARNING_DAYS = 30;
const DAY_MS = 86_400_000;

/** Whether a key expiring at `expiresAt` is within the warning period (or past it) at `now`. */
export const expiresSoon = (expiresAt: number | null, now: number) =>
  expiresAt !== null && expiresAt - now <= KEY_WARNING_DAYS * DAY_MS;
