import "server-only";
import {
  type RawEvent,
  type RawEventFilter,
  type RawEventHeader,
  type RawEventPage,
  type RawEventTypeSummary,
  type RawPayload,
} from "@/lib/models/raw-data";
import { parseResponse } from "../parse";
import { type GraphQLError } from "../schemas/telemetry";
import { readStoredPayload } from "./stored-payload";
import { type FetchTarget, fetchFailure, postFetchQuery } from "./query";
import {
  type FetchCloudEvent,
  type FetchHeader,
  eventAnswerSchema,
  eventsAnswerSchema,
  indexesAnswerSchema,
  typesAnswerSchema,
} from "./schemas";

/**
 * DIMO's Fetch API: a vehicle's cloud events, newest first. `before` and `after` are exclusive, a list holds at most
 * 1,000 (fetch-api `pkg/eventrepo`), so a page is read by time: the next one ends before the last event shown.
 */

/** The most events one request may return; the service caps larger limits to it. */
export const FETCH_LIST_MAX = 1_000;

const HEADER_FIELDS =
  "specversion type source subject id time datacontenttype dataschema dataversion producer signature raweventid tags";

const toHeader = (header: FetchHeader): RawEventHeader => ({
  specversion: header.specversion,
  type: header.type,
  source: header.source,
  subject: header.subject,
  id: header.id,
  time: header.time,
  datacontenttype: header.datacontenttype ?? null,
  dataschema: header.dataschema ?? null,
  dataversion: header.dataversion ?? null,
  producer: header.producer,
  signature: header.signature ?? null,
  raweventid: header.raweventid ?? null,
  tags: header.tags ?? [],
});

/** One millisecond before an ISO time: `after` is exclusive, and the tab's ranges start at their first moment. */
const justBefore = (iso: string) => new Date(Date.parse(iso) - 1).toISOString();

/**
 * The service's CloudEventFilter for the tab's filter, ending at the earlier of the range's end and `cursor` (the
 * last event of the page before), which is passed on exactly as the service wrote it.
 */
function filterVariables(filter: RawEventFilter, cursor?: string): Record<string, string> {
  const variables: Record<string, string> = {};
  if (filter.type) variables.type = filter.type;
  if (filter.source) variables.source = filter.source;
  if (filter.producer) variables.producer = filter.producer;
  if (filter.from) variables.after = justBefore(filter.from);
  const ends = [filter.to, cursor].filter((end): end is string => end !== undefined);
  const before = ends.sort((a, b) => Date.parse(a) - Date.parse(b))[0];
  if (before !== undefined) variables.before = before;
  return variables;
}

/** What an answer holds, or null when it holds nothing and says nothing; its errors as a DimoError otherwise. */
function found<T>(value: T | null | undefined, errors: readonly GraphQLError[] | undefined, what: string): T | null {
  if (value !== undefined && value !== null) return value;
  if (errors && errors.length > 0) throw fetchFailure(errors, what);
  return null;
}

/** The event types the vehicle has, each with its count and first and last times, most frequent first. */
export async function fetchTypeSummary(target: FetchTarget): Promise<RawEventTypeSummary[]> {
  const query = `query Types($did: String!) {
  availableCloudEventTypes(did: $did) { type count firstSeen lastSeen }
}`;
  const body = parseResponse(
    typesAnswerSchema,
    await postFetchQuery(target, query, { did: target.did }),
    "fetch",
    "type summary",
  );
  const types = found(body.data?.availableCloudEventTypes, body.errors, "the event types");
  return [...(types ?? [])].sort((a, b) => b.count - a.count || a.type.localeCompare(b.type));
}

/** One page of event headers (the service's `indexes`: no payloads), newest first, older than `cursor` when given. */
export async function fetchEventPage(
  target: FetchTarget,
  filter: RawEventFilter,
  limit: number,
  cursor?: string,
): Promise<RawEventPage> {
  const query = `query Indexes($did: String!, $limit: Int, $filter: CloudEventFilter) {
  indexes(did: $did, limit: $limit, filter: $filter) { header { ${HEADER_FIELDS} } }
}`;
  // One more than shown says whether an older page exists, without asking for an empty one.
  const variables = {
    did: target.did,
    limit: Math.min(limit + 1, FETCH_LIST_MAX),
    filter: filterVariables(filter, cursor),
  };
  const body = parseResponse(
    indexesAnswerSchema,
    await postFetchQuery(target, query, variables),
    "fetch",
    "event list",
  );
  const rows = found(body.data?.indexes, body.errors, "the event list");
  const headers = (rows ?? []).map((row) => toHeader(row.header));
  const events = headers.slice(0, limit);
  return { events, limit, next: headers.length > limit ? (events.at(-1)?.time ?? null) : null };
}

const EVENT_FIELDS = `header { ${HEADER_FIELDS} } data dataBase64 dataUrl`;

function inlinePayload(event: FetchCloudEvent): RawPayload {
  if (event.data !== undefined && event.data !== null) return { kind: "json", value: event.data };
  if (event.dataBase64) return { kind: "base64", value: event.dataBase64 };
  return { kind: "none" };
}

/** One event by its id (and source, which with the id names it), with its payload; null when there is none. */
export async function fetchEvent(target: FetchTarget, id: string, source?: string): Promise<RawEvent | null> {
  const query = `query Event($did: String!, $filter: CloudEventFilter) {
  latestCloudEvent(did: $did, filter: $filter) { ${EVENT_FIELDS} }
}`;
  const filter = source ? { id, source } : { id };
  const body = parseResponse(
    eventAnswerSchema,
    await postFetchQuery(target, query, { did: target.did, filter }),
    "fetch",
    "event",
  );
  const event = found(body.data?.latestCloudEvent, body.errors, "the event");
  if (!event) return null;
  const header = toHeader(event.header);
  if (!event.dataUrl) return { header, payload: inlinePayload(event) };
  return { header, payload: await readStoredPayload(target, event.dataUrl) };
}

/** A cloud event as one line of a download: the header's fields, then the payload as DIMO serves it. */
export function eventLine(event: FetchCloudEvent): Record<string, unknown> {
  const line: Record<string, unknown> = { ...toHeader(event.header) };
  if (event.data !== undefined && event.data !== null) line.data = event.data;
  if (event.dataBase64) line.data_base64 = event.dataBase64;
  if (event.dataUrl) line.dataurl = event.dataUrl;
  return line;
}

/** Full events (payloads inline, large ones as their `dataUrl`), newest first, older than `cursor` when given. */
export async function fetchEvents(
  target: FetchTarget,
  filter: RawEventFilter,
  limit: number,
  cursor?: string,
): Promise<FetchCloudEvent[]> {
  const query = `query Events($did: String!, $limit: Int, $filter: CloudEventFilter) {
  cloudEvents(did: $did, limit: $limit, filter: $filter) { ${EVENT_FIELDS} }
}`;
  const variables = {
    did: target.did,
    limit: Math.min(limit, FETCH_LIST_MAX),
    filter: filterVariables(filter, cursor),
  };
  const body = parseResponse(eventsAnswerSchema, await postFetchQuery(target, query, variables), "fetch", "event list");
  const events = found(body.data?.cloudEvents, body.errors, "the events");
  return events ?? [];
}
