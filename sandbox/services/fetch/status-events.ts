import { type Samples, collectSamples, LOCATION_SIGNAL, type VehicleSource } from "../../telemetry/samples";
import { storedSignals } from "../../telemetry/signals";
import { formatTime } from "../telemetry/time";
import {
  DEFAULT_DATA_VERSION,
  eventId,
  type EventHeader,
  type FetchEvent,
  FINGERPRINT_TYPE,
  indexKey,
  STATUS_TYPE,
} from "./cloud-event";
import { type TimeRange, tripsBefore } from "./status-times";

/** Who sent a vehicle's device data: its connection (the source) and its paired device (the producer). */
export interface DeviceOrigin {
  subject: string;
  source: string;
  producer: string;
}

function header(origin: DeviceOrigin, type: string, time: number, tokenId: number): EventHeader {
  const base = { subject: origin.subject, time, type, id: eventId(time, tokenId, type) };
  return {
    specversion: "1.0",
    ...base,
    source: origin.source,
    producer: origin.producer,
    datacontenttype: "application/json",
    dataschema: "",
    dataversion: DEFAULT_DATA_VERSION,
    signature: "",
    raweventid: "",
    tags: [],
  };
}

/** The first index of `times` at or after `t` (the series are in time order). */
function lowerBound(times: readonly number[], t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((times[mid] as number) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface SignalEntry {
  name: string;
  timestamp: string;
  value: unknown;
}

/** The signals sampled at exactly `t`, as DIMO's default format lists them. */
function signalsAt(samples: Samples, t: number): SignalEntry[] {
  const timestamp = formatTime(t);
  const out: SignalEntry[] = [];
  const { location } = samples;
  const at = lowerBound(location.t, t);
  if (location.t[at] === t) {
    const value = { latitude: location.lat[at], longitude: location.lon[at], hdop: location.hdop[at] };
    out.push({ name: LOCATION_SIGNAL, timestamp, value });
  }
  for (const series of [samples.floats, samples.strings] as Map<string, { t: number[]; v: unknown[] }>[]) {
    for (const [name, { t: times, v }] of series) {
      const i = lowerBound(times, t);
      if (times[i] === t) out.push({ name, timestamp, value: v[i] });
    }
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : 1));
}

/**
 * The status events at `times` (newest first): their signals generated once for the span the times cover, from the
 * same simulation the Telemetry API answers from, so a status event's speed is the Telemetry API's at that moment.
 */
export function statusEvents(source: VehicleSource, origin: DeviceOrigin, times: readonly number[]): FetchEvent[] {
  if (times.length === 0) return [];
  let samples: Samples | undefined;
  const span = () => {
    if (!samples) {
      const wanted = new Set(storedSignals(source.vehicle));
      samples = collectSamples(source, Math.min(...times), Math.max(...times) + 1, wanted);
    }
    return samples;
  };
  return times.map((time) => {
    const h = header(origin, STATUS_TYPE, time, source.tokenId);
    return { header: h, indexKey: indexKey(h), data: () => ({ signals: signalsAt(span(), time) }) };
  });
}

/** When the device sends the VIN: at the end of each trip, to the second (the attestation service dates it so). */
const fingerprintTime = (endUs: number) => Math.floor(endUs / 1e6) * 1e6;

/** Up to `limit` fingerprint events inside the range, newest first: one at the end of each trip. */
export function fingerprintEvents(
  source: VehicleSource,
  origin: DeviceOrigin,
  vin: string,
  range: TimeRange,
  limit: number,
): FetchEvent[] {
  const out: FetchEvent[] = [];
  const { drives, tokenId } = source;
  let before = range.beforeUs;
  while (out.length < limit) {
    const trips = drives.newestStartedBy(tokenId, before - 1, Math.min(limit + 1, 64));
    for (const trip of trips) {
      const time = fingerprintTime(trip.endUs);
      if (time <= range.afterUs) return out;
      if (time >= range.beforeUs) continue;
      const h = header(origin, FINGERPRINT_TYPE, time, tokenId);
      out.push({ header: h, indexKey: indexKey(h), data: () => ({ vin }) });
      if (out.length >= limit) return out;
    }
    if (trips.length === 0) return out;
    before = (trips[trips.length - 1] as { startUs: number }).startUs;
  }
  return out;
}

/** How many fingerprint events lie inside the range: the trips whose end falls in it. */
export function countFingerprints(source: VehicleSource, range: TimeRange): number {
  const endedBefore = (us: number) => {
    const before = tripsBefore(source, us);
    if (!before) return 0;
    return before.totals.trips - (fingerprintTime(before.last.endUs) >= us ? 1 : 0);
  };
  if (range.beforeUs <= range.afterUs + 1) return 0;
  return endedBefore(range.beforeUs) - endedBefore(range.afterUs + 1);
}

/** The oldest fingerprint time inside the range, or null. */
export function firstFingerprintTime(source: VehicleSource, range: TimeRange): number | null {
  const { drives, tokenId } = source;
  let trip = drives.lastStartedBy(tokenId, range.afterUs) ?? drives.firstStartedFrom(tokenId, range.afterUs);
  while (trip) {
    const time = fingerprintTime(trip.endUs);
    if (time >= range.beforeUs) return null;
    if (time > range.afterUs) return time;
    trip = drives.firstStartedFrom(tokenId, trip.startUs + 1);
  }
  return null;
}
