import "server-only";
import { randomUUID } from "node:crypto";
import { type DimoClient, getDimoClient } from "@/lib/dimo";
import type { OfferRequest } from "@/lib/models";
import { processWide } from "@/lib/process-wide";
import { sleep } from "@/lib/dimo/retry";
import { getStores } from "@/lib/store";
import type { KeyValueStore } from "@/lib/store/types";
import { toFailure } from "./failure";

/**
 * Instant-offer requests as the dashboard's server follows them. DIMO's job takes about a minute, longer than a
 * browser should hold a request open, so the POST runs here, once per vehicle at a time across every instance, and
 * the page asks how it is going while it polls the offers. Leaving the page does not stop it; coming back (to any
 * instance) finds it. A finished request is remembered for a while, so its outcome is still there after a reload.
 *
 * The running request is its own lock: stored only when absent (SET NX), with an expiry past the POST's timeout so
 * that a crashed instance blocks nobody for long; every instance reads it. The outcome replaces it when it ends.
 */

/** How long the outcome of a finished request stays on record. */
const REMEMBERED_MS = 10 * 60_000;
/** Longer than the instant-offer POST may take (3 minutes, lib/dimo/client.ts) with a margin. */
const RUNNING_LOCK_MS = 4 * 60_000;
/** A quick answer (a refusal, a fast sandbox) comes back with the click instead of at the next poll. */
const QUICK_ANSWER_MS = 2_000;

const runningKey = (tokenId: number) => `offer-request:${tokenId}:running`;
const lastKey = (tokenId: number) => `offer-request:${tokenId}:last`;

function parse(text: string | null): OfferRequest | null {
  if (text === null) return null;
  try {
    const { holder: _holder, ...request } = JSON.parse(text) as OfferRequest & { holder?: string };
    return request;
  } catch {
    return null;
  }
}

export interface InstantOffersDeps {
  client: () => DimoClient;
  /** The requests' store: shared by every instance with Redis, this process's memory otherwise. */
  store: KeyValueStore;
}

export function createInstantOffers({ client, store }: InstantOffersDeps) {
  /** The vehicle's request in progress or finished lately; null when there is none. */
  async function offerRequestOf(tokenId: number): Promise<OfferRequest | null> {
    return parse(await store.get(runningKey(tokenId))) ?? parse(await store.get(lastKey(tokenId)));
  }

  /**
   * Starts the vehicle's request, or returns the one already running (a second click, another tab, another instance):
   * one POST per vehicle at a time, never repeated because it takes long. A grant that does not allow it is refused
   * before anything is recorded or sent.
   */
  async function startInstantOffer(tokenId: number): Promise<OfferRequest> {
    const running = parse(await store.get(runningKey(tokenId)));
    if (running) return running;
    const dimo = client();
    await dimo.assertCanUse(tokenId, "instantOffer");

    const request: OfferRequest = {
      startedAt: new Date().toISOString(),
      status: "running",
      finishedAt: null,
      error: null,
    };
    const holder = randomUUID();
    const text = JSON.stringify({ ...request, holder });
    if (!(await store.setIfAbsent(runningKey(tokenId), text, RUNNING_LOCK_MS))) {
      // Another click won the race; its request is the one to follow (or its outcome, if it ended already).
      return (await offerRequestOf(tokenId)) ?? request;
    }
    const finish = async (outcome: Pick<OfferRequest, "status" | "error">) => {
      Object.assign(request, outcome, { finishedAt: new Date().toISOString() });
      await store.set(lastKey(tokenId), JSON.stringify(request), REMEMBERED_MS).catch(() => {});
      await store.deleteIfEquals(runningKey(tokenId), text).catch(() => false);
    };
    const settled = dimo.requestInstantOffer(tokenId).then(
      () => finish({ status: "succeeded", error: null }),
      (error: unknown) => finish({ status: "failed", error: toFailure(error, "instant offer") }),
    );
    await Promise.race([settled, sleep(QUICK_ANSWER_MS)]);
    return { ...request };
  }

  return { offerRequestOf, startInstantOffer };
}

const instantOffers = () =>
  processWide("instant-offers", () =>
    createInstantOffers({ client: getDimoClient, store: getStores().tolerant.keyValue }),
  );

export const offerRequestOf = (tokenId: number) => instantOffers().offerRequestOf(tokenId);
export const startInstantOffer = (tokenId: number) => instantOffers().startInstantOffer(tokenId);
