import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { processWide } from "@/lib/process-wide";
import { type ActivityEntry } from "@/lib/models";
import type { CappedLogStore } from "@/lib/store/types";

/**
 * The dashboard's own record of what its calls cost: one short line per charged call (when, which service, which
 * vehicle, how many credits), kept far longer than the activity log's full entries so that a month of days can be
 * added up. In memory, or in the shared store's capped log once the activity log is shared.
 */

export interface CreditSpend {
  /** ISO 8601, when the call started. */
  at: string;
  service: ActivityEntry["service"];
  tokenId?: number;
  credits: number;
}

/** About a month of a busy fleet's charged calls. */
const CREDIT_SPEND_LIMIT = 100_000;
const SHARED_SPEND_LOG = "activity:credits";

/** What a call cost by DIMO's credit tracker: 1 per Telemetry API query answered for a vehicle, 0 for the rest. */
export function creditsOf(entry: Omit<ActivityEntry, "id">): number {
  if (entry.service !== "telemetry" || entry.tokenKind !== "vehicle" || entry.status !== 200) return 0;
  // The service refunds a query that failed through its own fault.
  return entry.response?.body?.includes('"INTERNAL_SERVER_ERROR"') ? 0 : 1;
}

export class CreditSpendLog {
  private readonly local: CreditSpend[] = [];
  private shared: CappedLogStore | undefined;

  record(entry: ActivityEntry): void {
    if (!entry.credits) return;
    const spend: CreditSpend = {
      at: entry.at,
      service: entry.service,
      ...(entry.tokenId !== undefined ? { tokenId: entry.tokenId } : {}),
      credits: entry.credits,
    };
    if (this.shared) {
      // A lost line is better than a slow call.
      this.shared.append(SHARED_SPEND_LOG, JSON.stringify(spend), CREDIT_SPEND_LIMIT).catch(() => {});
      return;
    }
    this.local.push(spend);
    if (this.local.length > CREDIT_SPEND_LIMIT) this.local.splice(0, this.local.length - CREDIT_SPEND_LIMIT);
  }

  /** Every charged call still kept, oldest first. */
  async read(): Promise<CreditSpend[]> {
    if (!this.shared) return this.local.slice();
    try {
      return (await this.shared.list(SHARED_SPEND_LOG)).flatMap((text) => {
        try {
          return [JSON.parse(text) as CreditSpend];
        } catch {
          return [];
        }
      });
    } catch {
      return this.local.slice();
    }
  }

  clear(): void {
    this.local.length = 0;
    this.shared?.clear(SHARED_SPEND_LOG).catch(() => {});
  }

  share(logs: CappedLogStore): void {
    this.shared = logs;
  }
}

// One per process, however many copies of this module Next.js loads, so a meter sees every copy's calls.
const meters = processWide("credit-meters", () => new AsyncLocalStorage<{ credits: number }>());

/** Runs `work` and counts the credits of the calls it makes (and only those), for an operation's "actual" figure. */
export async function meteredCredits<T>(work: () => Promise<T>): Promise<{ result: T; credits: number }> {
  const meter = { credits: 0 };
  const result = await meters.run(meter, work);
  return { result, credits: meter.credits };
}

/** Adds a call's credits to the operation it runs in, if one is metered. */
export function chargeMeter(credits: number): void {
  const meter = meters.getStore();
  if (meter) meter.credits += credits;
}
