import "server-only";
import { clientAddress } from "@/lib/security/client-address";
import { type CounterStore, isStoreUnavailable } from "@/lib/store";

/**
 * Per-client limits on the public sign-in endpoints. A person signing in needs one nonce and one sign-in attempt
 * (a few, after a declined prompt); the limits leave room for that and stop a script. Over the limit the answer is
 * 429 with Retry-After, and the request costs nothing more.
 */

export const SIGN_IN_LIMITS = {
  nonce: { limit: 30, windowMs: 60_000 },
  "sign-in": { limit: 20, windowMs: 60_000 },
} as const;

export type SignInBucket = keyof typeof SIGN_IN_LIMITS;

/** Shown when the shared store (Redis) does not answer: a new sign-in needs its single-use nonce and its limits. */
export const SIGN_IN_UNAVAILABLE = "Sign-in is unavailable for a moment. Try again in a few seconds.";
const UNAVAILABLE_RETRY_AFTER_S = 5;

/** The answer for a sign-in that cannot be checked now: 503, never a session that should have been refused. */
function signInUnavailable(): Response {
  return Response.json(
    { error: SIGN_IN_UNAVAILABLE },
    { status: 503, headers: { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_S), "Cache-Control": "no-store" } },
  );
}

/**
 * A 429 answer when this client has used up the bucket, a 503 when the counters cannot be reached (sign-in fails
 * closed); null when the request may go on.
 */
export async function refuseWhenOverLimit(
  request: Request,
  bucket: SignInBucket,
  counters: CounterStore,
): Promise<Response | null> {
  const { limit, windowMs } = SIGN_IN_LIMITS[bucket];
  let counted;
  try {
    counted = await counters.increment(`rate:${bucket}:${clientAddress(request)}`, windowMs);
  } catch (error) {
    if (isStoreUnavailable(error)) return signInUnavailable();
    throw error;
  }
  const { count, resetInMs } = counted;
  if (count <= limit) return null;
  const retryAfter = String(Math.max(1, Math.ceil(resetInMs / 1000)));
  return Response.json(
    { error: "Too many sign-in requests from this address. Wait a moment and try again." },
    { status: 429, headers: { "Retry-After": retryAfter, "Cache-Control": "no-store" } },
  );
}
