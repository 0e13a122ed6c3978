import "server-only";
import { type RawEvent, type RawEventFilter, type RawEventPage, type RawEventTypeSummary } from "@/lib/models/raw-data";
import { vehicleDid } from "@/lib/protocol";
import { type ClientContext, assertPositiveInteger } from "../facade/context";
import { FETCH_LIST_MAX, eventLine, fetchEvent, fetchEventPage, fetchEvents, fetchTypeSummary } from "./events";
import { type FetchTarget } from "./query";

/**
 * The Fetch API's part of the DIMO client: a vehicle's raw cloud events. Every call is checked against the grant's
 * raw-data rule before any token is asked for, so a vehicle without it costs no upstream call.
 */

interface RawEventWalk {
  /** Stops after this many events. */
  max: number;
  signal?: AbortSignal;
  /** Each page of events as it arrives, newest first, each as a download's line. */
  onEvents: (lines: Record<string, unknown>[]) => void;
}

export interface RawDataMethods {
  /** The vehicle's event types with their counts and first and last times, most frequent first. */
  listRawEventTypes(tokenId: number): Promise<RawEventTypeSummary[]>;
  /** One page of event headers, newest first; `cursor` (a page's `next`) asks for the page after it. */
  listRawEvents(tokenId: number, filter: RawEventFilter, limit: number, cursor?: string): Promise<RawEventPage>;
  /** One event with its payload; null when the vehicle has no such event. */
  getRawEvent(tokenId: number, id: string, source?: string): Promise<RawEvent | null>;
  /**
   * Every event of the filter, payloads included, newest first, in the service's largest pages; stops at `max`.
   * `capped` says whether events were left out.
   */
  walkRawEvents(
    tokenId: number,
    filter: RawEventFilter,
    walk: RawEventWalk,
  ): Promise<{ count: number; capped: boolean }>;
}

export function rawDataMethods({ http, config, withAccess }: ClientContext): RawDataMethods {
  const target = (tokenId: number, token: string): FetchTarget => ({
    http,
    baseUrl: config.urls.fetch,
    token,
    tokenId,
    did: vehicleDid(tokenId, config.vehicleContract),
  });
  const read = <T>(tokenId: number, call: (target: FetchTarget) => Promise<T>) => {
    assertPositiveInteger(tokenId, "tokenId");
    return withAccess(tokenId, "rawData", (token) => call(target(tokenId, token)));
  };

  return {
    listRawEventTypes: (tokenId) => read(tokenId, fetchTypeSummary),

    listRawEvents(tokenId, filter, limit, cursor) {
      assertPositiveInteger(limit, "limit");
      return read(tokenId, (to) => fetchEventPage(to, filter, Math.min(limit, FETCH_LIST_MAX - 1), cursor));
    },

    getRawEvent: (tokenId, id, source) => read(tokenId, (to) => fetchEvent(to, id, source)),

    async walkRawEvents(tokenId, filter, { max, signal, onEvents }) {
      assertPositiveInteger(max, "max");
      let count = 0;
      let cursor: string | undefined;
      while (count < max && !signal?.aborted) {
        // One more than still wanted says whether the cap left events out.
        const limit = Math.min(max - count + 1, FETCH_LIST_MAX);
        const events = await read(tokenId, (to) => fetchEvents(to, filter, limit, cursor));
        const kept = events.slice(0, max - count);
        if (kept.length > 0) onEvents(kept.map(eventLine));
        count += kept.length;
        if (events.length > kept.length) return { count, capped: true };
        if (events.length < limit) break;
        cursor = events.at(-1)?.header.time;
      }
      return { count, capped: false };
    },
  };
}
