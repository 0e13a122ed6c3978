import "server-only";

/** How the HTTP layer retries: attempts in all, exponential backoff with jitter, and a cap on `Retry-After`. */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** The longest `Retry-After` the client honours; a longer one is shortened to this. */
  retryAfterCapMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 250, maxDelayMs: 2_000, retryAfterCapMs: 10_000 };

/**
 * The pause before attempt `attempt + 1` (attempt counts from 1): base * 2^(attempt-1), capped, with "equal jitter"
 * (half fixed, half random) so that many clients released at once do not come back in step.
 */
export function backoffDelayMs(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * Reads `Retry-After` (delta seconds or an HTTP date) as milliseconds from `nowMs`, capped; undefined when absent or
 * unreadable, so the caller falls back to its own backoff.
 */
export function parseRetryAfterMs(value: string | null, capMs: number, nowMs: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (trimmed === "") return undefined;
  let delayMs: number;
  if (/^\d+(\.\d+)?$/.test(trimmed)) {
    delayMs = Number(trimmed) * 1000;
  } else if (/[a-z]/i.test(trimmed)) {
    // An HTTP date names its month; Date.parse alone would take "-5" for a year.
    const date = Date.parse(trimmed);
    if (Number.isNaN(date)) return undefined;
    delayMs = date - nowMs;
  } else {
    return undefined;
  }
  return Math.min(capMs, Math.max(0, Math.round(delayMs)));
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
