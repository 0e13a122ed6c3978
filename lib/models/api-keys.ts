/**
 * The license's API keys as the License page, the developer page and the header show them: signer addresses and
 * dates, never a private key. Times are milliseconds since the epoch.
 */

/** Where a key lives: the environment, the dashboard's shared store, or elsewhere (enabled on the chain by someone). */
export type ApiKeySource = "environment" | "dashboard" | "elsewhere";

/** As the chain says now: `pending` is a key the dashboard made that the wallet has not enabled yet. */
type ApiKeyStatus = "pending" | "enabled" | "expired" | "disabled" | "unknown";

export interface ApiKeyView {
  signer: `0x${string}`;
  source: ApiKeySource;
  /** `unknown` when the chain could not be read. */
  status: ApiKeyStatus;
  enabledAt: number | null;
  expiresAt: number | null;
  inUse: boolean;
}

export interface KeyInUse {
  signer: `0x${string}`;
  source: Exclude<ApiKeySource, "elsewhere">;
  enabledAt: number | null;
  expiresAt: number | null;
  /** Within 30 days of its expiry (or past it) by the chain's clock. */
  expiresSoon: boolean;
}
