import "server-only";
import { getDimoClient } from "@/lib/dimo";
import type { OfferRequest } from "@/lib/models";
import { processWide } from "@/lib/process-wide";
import { sleep } from "@/lib/dimo/retry";
import { toFailure } from "./failure";

/**
 * Instant-offer requests as the dashboard's server follows them. DIMO's job takes about a minute, longer than a
 * browser should hold a request open, so the POST runs here, once per vehicle at a time, and the page asks how it
 * is going while it polls the offers. Leaving the page does not stop it; coming back finds it. A finished request is
 * remembered for a while, so its outcome is still there after a reload.
 */

/** How long the outcome of a finished request stays on record. */
const REMEMBERED_MS = 10 * 60_000;
/** A quick answer (a refusal, a fast sandbox) comes back with the click instead of at the next poll. */
const QUICK_ANSWER_MS = 2_000;

const requests = () => processWide("instant-offer-requests", () => new Map<number, OfferRequest>());

function finish(tokenId: number, request: OfferRequest, outcome: Pick<OfferRequest, "status" | "error">): void {
  Object.assign(request, outcome, { finishedAt: new Date().toISOString() });
  const forget = setTimeout(() => {
    if (requests().get(tokenId) === request) requests().delete(tokenId);
  }, REMEMBERED_MS);
  forget.unref?.();
}

/** The vehicle's request in progress or finished lately; null when there is none. */
export function offerRequestOf(tokenId: number): OfferRequest | null {
  const request = requests().get(tokenId);
  return request ? { ...request } : null;
}

/**
 * Starts the vehicle's request, or returns the one already running (a second click, another tab): one POST per
 * vehicle at a time, never repeated because it takes long. A grant that does not allow it is refused before
 * anything is recorded or sent.
 */
export async function startInstantOffer(tokenId: number): Promise<OfferRequest> {
  const running = requests().get(tokenId);
  if (running?.status === "running") return { ...running };
  const client = getDimoClient();
  await client.assertCanUse(tokenId, "instantOffer");

  const request: OfferRequest = { startedAt: new Date().toISOString(), status: "running", finishedAt: null, error: null };
  requests().set(tokenId, request);
  const settled = client.requestInstantOffer(tokenId).then(
    () => finish(tokenId, request, { status: "succeeded", error: null }),
    (error: unknown) => finish(tokenId, request, { status: "failed", error: toFailure(error, "instant offer") }),
  );
  await Promise.race([settled, sleep(QUICK_ANSWER_MS)]);
  return { ...request };
}
