import "server-only";
import { randomUUID } from "node:crypto";
import { getConfig } from "@/lib/config";
import { processWide } from "@/lib/process-wide";
import { getStores } from "@/lib/store";
import { toFailure } from "../failure";
import { sweepDepartures } from "./departures";

/**
 * Runs the departures sweep at start-up and every SWEEP_EVERY_MS, under a lock in the shared store so that one
 * instance sweeps at a time. A failed sweep is logged in words and tried again at the next turn; the timer never keeps
 * the process alive.
 */

const SWEEP_EVERY_MS = 60_000;
/** Longer than a sweep takes; a holder that died blocks the others no longer than this. */
const LEASE_MS = 50_000;

async function sweepUnderLock(): Promise<void> {
  const { keyValue } = getStores();
  const key = `members:sweep-lock:${getConfig().license.clientId.toLowerCase()}`;
  const holder = randomUUID();
  try {
    if (!(await keyValue.setIfAbsent(key, holder, LEASE_MS))) return;
    try {
      await sweepDepartures();
    } finally {
      await keyValue.deleteIfEquals(key, holder);
    }
  } catch (error) {
    console.warn(
      `[departures] the sweep failed, and runs again in a minute: ${toFailure(error, "departures").message}`,
    );
  }
}

/**
 * A sweep now, not at the next turn: a member the owner removed or narrowed loses at once what their departure takes
 * (their webhooks set inactive, the inbox's address changed). Never awaited: the owner's change is done already.
 */
export function sweepDeparturesSoon(): void {
  void sweepUnderLock();
}

/** Starts the sweeps once per process (instrumentation.ts). */
export function startDepartureSweeps(): void {
  processWide("departure-sweeps", () => {
    void sweepUnderLock();
    return setInterval(() => void sweepUnderLock(), SWEEP_EVERY_MS).unref();
  });
}
