import { type LatLng } from "./location";

/** The Telemetry API: latest signals, a signal's history, the VIN credential and the trips detected from the signals. */

/** One signal's latest value from the Telemetry API: a number, a string (powertrainType) or a location. */
export interface SignalValue {
  /** The real schema's field name (lib/telemetry-signals.ts). */
  name: string;
  /** When the vehicle recorded it (ISO 8601). */
  timestamp: string;
  value: number | string | LatLng;
}

/** A field the Telemetry API refused (a privilege the token lacks): the field's name and the service's reason. */
export interface TelemetryRefusal {
  field: string;
  reason: string;
}

export interface TelemetryDataSummary {
  numberOfSignals: number;
  firstSeen: string | null;
  lastSeen: string | null;
}

/**
 * A vehicle's latest telemetry as the Overview shows it. Fields the grant does not allow are not asked for; fields
 * the service refused anyway are in `refused`, the rest of the answer kept.
 */
export interface TelemetryLatest {
  /** When the vehicle last sent anything; null when it never has. */
  lastSeen: string | null;
  /** The latest value of each signal asked for that has one. */
  signals: SignalValue[];
  /** The names of the signals the vehicle has ever sent; null when not asked for or refused. */
  availableSignals: string[] | null;
  summary: TelemetryDataSummary | null;
  refused: TelemetryRefusal[];
}

/** One bucket of a signal's history: the aggregation of the values recorded in it. */
export interface SignalPoint {
  timestamp: string;
  value: number;
}

export interface SignalHistory {
  signal: string;
  aggregation: string;
  /** A Go-style duration, as the service takes it ("5m", "1h"). */
  interval: string;
  from: string;
  to: string;
  /** Buckets with data, oldest first. */
  points: SignalPoint[];
}

/** One bucket of a location signal's history: a fix and its HDOP (null when not asked for or not sent). */
export interface LocationPoint {
  timestamp: string;
  /** The timestamp in Unix milliseconds, parsed once: a week at the finest interval is tens of thousands of points. */
  at: number;
  latitude: number;
  longitude: number;
  hdop: number | null;
}

export interface LocationHistory {
  signal: string;
  aggregation: string;
  interval: string;
  from: string;
  to: string;
  /** Buckets with a fix, oldest first. */
  points: LocationPoint[];
}

/** The VIN from the vehicle's VIN credential. */
export interface VinCredential {
  vin: string;
  recordedAt: string | null;
  countryCode: string | null;
  validFrom: string | null;
  validTo: string | null;
}

/** A trip detected from the signals (the Telemetry API's `segments`). */
export interface Segment {
  start: { time: string; location: LatLng };
  /** Absent while the segment is ongoing. */
  end: { time: string; location: LatLng } | null;
  durationSeconds: number;
  isOngoing: boolean;
  /** The segment began before the range asked for. */
  startedBeforeRange: boolean;
}

export interface SegmentsPage {
  segments: Segment[];
  /** Pass as `after` for the next page (the last segment's start time); null when this page was the last. */
  nextAfter: string | null;
}
