import "server-only";
import { getDimoClient } from "@/lib/dimo";
import {
  RAW_EVENTS_PAGE_SIZE,
  type RawEvent,
  type RawEventFilter,
  type RawEventPage,
  type RawEventTypeSummary,
} from "@/lib/models/raw-data";
import { AppFailure } from "@/lib/result";
import { guarded } from "./guard";
import { tokenIdInput } from "./inputs";
import { rawEventInput, rawEventsInput, rawFilterInput } from "./raw-data-input";
import { rawEventsExportStream } from "./raw-data-export";
import { openLongRead } from "./long-reads";

/**
 * A vehicle's raw data (DIMO's Fetch API), guarded: the types summary, a page of events, one event, and the download
 * of a range. The Raw data tab and its routes share them; the client checks the grant's raw-data rule before any token
 * is asked for, so a vehicle without it costs no upstream call.
 */

const filterOf = (input: RawEventFilter): RawEventFilter => ({
  type: input.type,
  source: input.source,
  producer: input.producer,
  from: input.from,
  to: input.to,
});

export const listRawEventTypes = guarded(tokenIdInput, async function listRawEventTypes({ tokenId }): Promise<
  RawEventTypeSummary[]
> {
  return getDimoClient().listRawEventTypes(tokenId);
});

/** A page of RAW_EVENTS_PAGE_SIZE event headers, newest first; `before` is the previous page's `next`. */
export const listRawEvents = guarded(rawEventsInput, async function listRawEvents(input): Promise<RawEventPage> {
  return getDimoClient().listRawEvents(input.tokenId, filterOf(input), RAW_EVENTS_PAGE_SIZE, input.before);
});

export const getRawEvent = guarded(
  rawEventInput,
  async function getRawEvent({ tokenId, id, source }): Promise<RawEvent> {
    const event = await getDimoClient().getRawEvent(tokenId, id, source);
    if (event) return event;
    throw new AppFailure({
      code: "NOT_FOUND",
      message: `Vehicle ${tokenId} has no event ${id}${source ? ` from ${source}` : ""}. It may have been deleted.`,
      retryable: false,
    });
  },
);

/** A file name that says whose events and which range: `vehicle-7-raw-2026-06-01T10-00.ndjson`. */
function exportFileName(tokenId: number, filter: RawEventFilter): string {
  const stamp = (iso: string) => iso.slice(0, 16).replace(/:/g, "-");
  const range = filter.from ? `-${stamp(filter.from)}` : "";
  const type = filter.type ? `-${filter.type.replace(/[^\w.-]/g, "_")}` : "";
  return `vehicle-${tokenId}-raw${type}${range}.ndjson`;
}

/**
 * The filter's events as NDJSON, streamed while the pages are read: one of the session's long reads, until the file
 * is written. Refused with a status before the first byte (a grant without raw data, say).
 */
export const openRawEventsExport = guarded(
  rawFilterInput,
  async function openRawEventsExport(input, { session, signal }) {
    const filter = filterOf(input);
    const body = await openLongRead(session, signal, async (hold) =>
      hold(await rawEventsExportStream(input.tokenId, filter, signal)),
    );
    return { body, fileName: exportFileName(input.tokenId, filter) };
  },
);
