import { type VehicleSource } from "../../telemetry/samples";
import {
  DEFAULT_DATA_VERSION,
  type EventHeader,
  type FetchEvent,
  FINGERPRINT_TYPE,
  STATUS_TYPE,
  timeOfEventId,
} from "./cloud-event";
import {
  countFingerprints,
  type DeviceOrigin,
  fingerprintEvents,
  firstFingerprintTime,
  statusEvents,
} from "./status-events";
import { countStatusTimes, firstStatusTime, statusTimesDesc, type TimeRange } from "./status-times";

/**
 * The Fetch API's reads over one subject's events, as DIMO's event repository runs them (pkg/eventrepo in
 * DIMO-Network/fetch-api): newest first, `after` and `before` exclusive, `type` and `types` joined, every other filter
 * field an exact match, and unless `includeDeleted` an event voided by a `dimo.tombstone` from its own source hidden.
 */

export interface CloudEventFilter {
  id?: string | null;
  type?: string | null;
  types?: string[] | null;
  dataversion?: string | null;
  source?: string | null;
  producer?: string | null;
  before?: number | null;
  after?: number | null;
}

/** Everything a subject's events come from. */
export interface SubjectEvents {
  subject: string;
  nowUs: number;
  /** The vehicle's drive simulation and the device it sends through; null when the subject has no device data. */
  device: { source: VehicleSource; origin: DeviceOrigin; vin: string } | null;
  /** The few other events (attestations, tombstones), every one of them. */
  documents: FetchEvent[];
}

interface TypeSummary {
  type: string;
  count: number;
  firstSeen: number;
  lastSeen: number;
}

/** The filter's header fields (all but time) that an event's header must match. */
function matchesHeader(header: Omit<EventHeader, "time" | "id"> & { id?: string }, filter: CloudEventFilter): boolean {
  const types = [...(filter.type != null ? [filter.type] : []), ...(filter.types ?? [])];
  if (types.length > 0 && !types.includes(header.type)) return false;
  if (filter.id != null && header.id !== undefined && header.id !== filter.id) return false;
  if (filter.dataversion != null && header.dataversion !== filter.dataversion) return false;
  if (filter.source != null && header.source !== filter.source) return false;
  if (filter.producer != null && header.producer !== filter.producer) return false;
  return true;
}

function rangeOf(subject: SubjectEvents, filter: CloudEventFilter): TimeRange {
  // Nothing is stored after the sandbox's now; before the epoch nothing was either.
  const afterUs = Math.max(filter.after ?? -1, -1);
  const beforeUs = Math.min(filter.before ?? Infinity, subject.nowUs + 1);
  if (filter.id == null) return { afterUs, beforeUs };
  // A device event's id carries its second: only that second can hold it.
  const second = timeOfEventId(filter.id);
  if (second === null) return { afterUs: 0, beforeUs: 0 };
  return { afterUs: Math.max(afterUs, second - 1), beforeUs: Math.min(beforeUs, second + 1e6) };
}

/** Whether the device's events of `type` can match the filter at all. */
function deviceMatches(subject: SubjectEvents, type: string, filter: CloudEventFilter): boolean {
  if (!subject.device) return false;
  const { origin } = subject.device;
  const header = {
    ...origin,
    type,
    specversion: "1.0",
    datacontenttype: "application/json",
    dataschema: "",
    dataversion: DEFAULT_DATA_VERSION,
    signature: "",
    raweventid: "",
    tags: [],
  };
  return matchesHeader(header, { ...filter, id: null });
}

/** The documents that match, tombstoned ones left out unless asked for; any order. */
function matchingDocuments(subject: SubjectEvents, filter: CloudEventFilter, includeDeleted: boolean): FetchEvent[] {
  const range = rangeOf(subject, { ...filter, id: null });
  const voided = new Set(
    includeDeleted
      ? []
      : subject.documents.filter((e) => e.voidsId !== undefined).map((e) => `${e.header.source}|${e.voidsId}`),
  );
  return subject.documents.filter(
    (event) =>
      matchesHeader(event.header, filter) &&
      event.header.time > range.afterUs &&
      event.header.time < range.beforeUs &&
      !voided.has(`${event.header.source}|${event.header.id}`),
  );
}

const newestFirst = (a: FetchEvent, b: FetchEvent) =>
  b.header.time - a.header.time || (a.header.type < b.header.type ? -1 : a.header.type > b.header.type ? 1 : 0);

/** Up to `limit` events matching the filter, newest first. */
export function listEvents(
  subject: SubjectEvents,
  filter: CloudEventFilter,
  includeDeleted: boolean,
  limit: number,
): FetchEvent[] {
  const candidates = matchingDocuments(subject, filter, includeDeleted);
  const range = rangeOf(subject, filter);
  const { device } = subject;
  const byId = (events: FetchEvent[]) => (filter.id == null ? events : events.filter((e) => e.header.id === filter.id));
  if (device && deviceMatches(subject, STATUS_TYPE, filter)) {
    const times = statusTimesDesc(device.source, range, filter.id == null ? limit : Infinity);
    candidates.push(...byId(statusEvents(device.source, device.origin, times)));
  }
  if (device && deviceMatches(subject, FINGERPRINT_TYPE, filter)) {
    const fingerprints = fingerprintEvents(device.source, device.origin, device.vin, range, limit);
    candidates.push(...byId(fingerprints));
  }
  return candidates.sort(newestFirst).slice(0, limit);
}

function summarise(type: string, events: readonly FetchEvent[]): TypeSummary {
  const times = events.map((e) => e.header.time);
  return { type, count: events.length, firstSeen: Math.min(...times), lastSeen: Math.max(...times) };
}

/** Each event type with its count and first and last times, by type name; counted without listing the events. */
export function summariseTypes(
  subject: SubjectEvents,
  filter: CloudEventFilter,
  includeDeleted: boolean,
): TypeSummary[] {
  const summaries: TypeSummary[] = [];
  const documents = matchingDocuments(subject, filter, includeDeleted);
  for (const type of new Set(documents.map((e) => e.header.type))) {
    summaries.push(
      summarise(
        type,
        documents.filter((e) => e.header.type === type),
      ),
    );
  }
  const { device } = subject;
  const range = rangeOf(subject, filter);
  if (device && filter.id != null) {
    // One id names at most one event: list it.
    const found = listEvents(subject, { ...filter, types: [STATUS_TYPE, FINGERPRINT_TYPE], type: null }, true, 1);
    const event = found.find((e) => e.header.type === STATUS_TYPE || e.header.type === FINGERPRINT_TYPE);
    if (event && matchesHeader(event.header, filter)) summaries.push(summarise(event.header.type, [event]));
  } else if (device) {
    if (deviceMatches(subject, STATUS_TYPE, filter)) {
      const count = countStatusTimes(device.source, range);
      const first = firstStatusTime(device.source, range);
      const last = statusTimesDesc(device.source, range, 1)[0];
      if (count > 0 && first !== null && last !== undefined) {
        summaries.push({ type: STATUS_TYPE, count, firstSeen: first, lastSeen: last });
      }
    }
    if (deviceMatches(subject, FINGERPRINT_TYPE, filter)) {
      const count = countFingerprints(device.source, range);
      const first = firstFingerprintTime(device.source, range);
      const last = fingerprintEvents(device.source, device.origin, device.vin, range, 1)[0]?.header.time;
      if (count > 0 && first !== null && last !== undefined) {
        summaries.push({ type: FINGERPRINT_TYPE, count, firstSeen: first, lastSeen: last });
      }
    }
  }
  return summaries.sort((a, b) => (a.type < b.type ? -1 : 1));
}
