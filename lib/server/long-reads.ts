import "server-only";
import type { DashboardSession } from "@/lib/auth/session";
import { processWide } from "@/lib/process-wide";
import { type AppError, AppFailure } from "@/lib/result";
import { errorResponse } from "./responses";

/**
 * Long reads: the all-trips walks, the trips exports, the trip-path streams, the live activity stream and the webhook
 * history trial. Each holds a connection open, and a walk may read thousands of pages from DIMO, whose rate limit
 * every session of the license shares; so one session runs only a few at once, and the next is refused in words until
 * one ends.
 *
 * The count lives in this instance's memory, also when REDIS_URL is set: a read's stream stays on the connection, and
 * so on the instance, that opened it, and only that instance sees it end. A count in the shared store would keep the
 * slots of an instance that stopped with reads open. Behind a load balancer a session may hold the cap on each
 * instance, which still bounds it.
 */

/**
 * A tab runs one or two long reads at once (its page's stream, the activity drawer): four leave room for a second tab
 * or a download, and no more than that for one session.
 */
export const MAX_LONG_READS_PER_SESSION = 4;

/** A refused read may be asked again this many seconds later; an ended read frees its slot at once. */
const RETRY_AFTER_SECONDS = 5;

const runningBySession = () => processWide("long-reads", () => new Map<string, number>());

/** Sessions from getSession always have an id; the wallet stands in only for a session made some other way. */
const sessionKey = (session: DashboardSession) => session.id ?? session.address;

const tooManyLongReads = (running: number): AppError => ({
  code: "RATE_LIMITED",
  message: `Too many long reads at once for this session: ${running} are running. Wait for one to finish or close a tab.`,
  retryable: true,
});

/** Takes one of the session's slots, or throws the refusal in words; the returned function frees it (once). */
function takeSlot(session: DashboardSession): () => void {
  const key = sessionKey(session);
  const running = runningBySession();
  const count = running.get(key) ?? 0;
  if (count >= MAX_LONG_READS_PER_SESSION) throw new AppFailure(tooManyLongReads(count));
  running.set(key, count + 1);
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    const left = (running.get(key) ?? 1) - 1;
    if (left > 0) running.set(key, left);
    else running.delete(key);
  };
}

/** The same bytes as `stream`; `release` runs once it ends, fails or is cancelled. */
function releasedAtEnd(stream: ReadableStream<Uint8Array>, release: () => void): ReadableStream<Uint8Array> {
  const reader = stream.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          release();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        release();
        controller.error(error);
      }
    },
    cancel(reason) {
      release();
      return reader.cancel(reason);
    },
  });
}

/** Hands a read's stream over to be held in the slot until it ends. */
export type HoldUntilDone = (stream: ReadableStream<Uint8Array>) => ReadableStream<Uint8Array>;

/**
 * Runs `open` in one of the session's long-read slots; refuses with RATE_LIMITED (an AppFailure the guard passes on)
 * when the session has MAX_LONG_READS_PER_SESSION running. The slot is held while the stream `open` hands to `hold`
 * lasts: until it ends, fails or is cancelled, or `signal` aborts (the client went away). When `open` fails, or
 * answers without a stream, the slot is freed as soon as it returns.
 */
export async function openLongRead<T>(
  session: DashboardSession,
  signal: AbortSignal | undefined,
  open: (hold: HoldUntilDone) => Promise<T>,
): Promise<T> {
  const release = takeSlot(session);
  let holding = false;
  const hold: HoldUntilDone = (stream) => {
    holding = true;
    const done = () => {
      signal?.removeEventListener("abort", done);
      release();
    };
    if (signal?.aborted) done();
    else signal?.addEventListener("abort", done);
    return releasedAtEnd(stream, done);
  };
  try {
    const result = await open(hold);
    if (!holding) release();
    return result;
  } catch (error) {
    release();
    throw error;
  }
}

/** Settles as `work` does, or rejects with the signal's reason as soon as it aborts, leaving the work unheard. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    if (signal.aborted) abort();
    else signal.addEventListener("abort", abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

/**
 * Runs `work`, a long read that answers once rather than streaming (the history trial), in one of the session's
 * slots, refused as openLongRead refuses. The slot is freed when the work ends or fails, or as soon as `signal` aborts
 * (the client went away): the work is handed the same signal, to ask DIMO for nothing more.
 */
export async function runLongRead<T>(
  session: DashboardSession,
  signal: AbortSignal | undefined,
  work: (signal: AbortSignal | undefined) => Promise<T>,
): Promise<T> {
  const release = takeSlot(session);
  try {
    return await untilAborted(work(signal), signal);
  } finally {
    release();
  }
}

/**
 * A long-read route's error answer: errorResponse's, with Retry-After on a 429 (this cap's, or DIMO's rate limit,
 * whose words also say to try again in a few seconds).
 */
export function longReadErrorResponse(error: AppError): Response {
  const response = errorResponse(error);
  if (response.status === 429) response.headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  return response;
}
