import { type DimoService, type PrivilegeId } from "@/lib/protocol";
import { type AppError } from "@/lib/result";

/**
 * The app's plain data types (vehicles, trips, valuations, offers, tokens, activity entries): what the DIMO client
 * returns, with no zod and no upstream quirks, for any module, client components included.
 */

export interface VehicleGrant {
  /** Privileges the license holds on the vehicle, ascending. */
  privileges: PrivilegeId[];
  /** When the grant ends (ISO 8601), or null when the service gave no end. */
  expiresAt: string | null;
}

export interface Vehicle {
  tokenId: number;
  tokenDID: string | null;
  owner: string;
  mintedAt: string | null;
  name: string | null;
  imageURI: string | null;
  make: string | null;
  model: string | null;
  year: number | null;
  /** The license's unexpired grant on this vehicle; null when there is none. */
  grant: VehicleGrant | null;
}

/**
 * What the license may do with one vehicle: read it (a live grant), nothing since its grant ended (`grantEndedAt`, as
 * the identity API sent it), or nothing at all (unknown, or never shared with the license).
 */
export type VehicleAccess =
  | { status: "shared"; vehicle: Vehicle }
  | { status: "expired"; vehicle: Vehicle; grantEndedAt: string }
  | { status: "none" };

export interface VehiclePage {
  vehicles: Vehicle[];
  totalCount: number;
  hasNextPage: boolean;
  /** Pass as `after` to get the next page. */
  endCursor: string | null;
}

export interface DeveloperLicense {
  tokenId: number;
  owner: string;
  clientId: string;
  alias: string | null;
  redirectURIs: string[];
  signers: string[];
}

export interface LatLng {
  latitude: number;
  longitude: number;
}

export interface TripPoint {
  time: string;
  location: LatLng | null;
  /** Only on a start: where the previous trip ended, when that was close by. */
  estimatedLocation: LatLng | null;
}

export interface Trip {
  id: string;
  start: TripPoint;
  end: TripPoint;
  droppedData: boolean;
}

export interface TripsPage {
  trips: Trip[];
  totalPages: number;
  currentPage: number;
}

export interface Valuation {
  vendor: string | null;
  updated: string | null;
  mileage: number | null;
  zipCode: string | null;
  tradeIn: number | null;
  tradeInAverage: number | null;
  tradeInSource: string | null;
  retail: number | null;
  retailAverage: number | null;
  retailSource: string | null;
  odometer: number | null;
  odometerUnit: string | null;
  odometerMeasurementType: string | null;
  userDisplayPrice: number | null;
  currency: string | null;
}

export interface Offer {
  vendor: string;
  price: number | null;
  url: string | null;
  grade: string | null;
  error: string | null;
  declineReason: string | null;
}

export interface OfferSet {
  source: string | null;
  updated: string;
  /** When the offers lapse: from the service, or `updated` + 7 days when it sends none. */
  expiresAt: string;
  /**
   * Lapsed when fetched. The real service keeps returning the latest set after it lapses, its links blanked: its
   * prices are still worth showing, as expired.
   */
  expired: boolean;
  mileage: number | null;
  odometerMeasurementType: string | null;
  offers: Offer[];
}

export interface InstantOfferResult {
  message: string;
}

/**
 * An instant-offer request as the dashboard's server follows it. The upstream job takes about a minute; the request
 * lives on the server, so leaving the page does not stop it and coming back finds it.
 */
export interface OfferRequest {
  /** When the dashboard sent it (ISO 8601). */
  startedAt: string;
  status: "running" | "succeeded" | "failed";
  finishedAt: string | null;
  /** Why it failed, in words for people. */
  error: AppError | null;
}

/** The value page's offers: the sets the service returns, newest first, and the request in progress or just ended. */
export interface OffersView {
  sets: OfferSet[];
  request: OfferRequest | null;
}

export interface DeveloperTokenInfo {
  iss: string | null;
  aud: string | string[] | null;
  ethereumAddress: string | null;
  /** Seconds since the epoch, as in the token. */
  iat: number | null;
  exp: number;
}

export interface VehicleTokenInfo {
  tokenId: number;
  privileges: PrivilegeId[];
  iat: number | null;
  exp: number;
}

/** What the token inspector may show: claims and expiries, never a raw token. */
export interface TokenOverview {
  developer: DeveloperTokenInfo | null;
  vehicles: VehicleTokenInfo[];
}

/**
 * What it takes to send the same request again (the developer tools' "copy as cURL"), minus every secret: the
 * bearer token is named by its kind only, and a request whose body or query carried a signature, a state or anything
 * else the log does not keep is marked as not replayable instead.
 */
export interface ActivityReplay {
  /** Request headers that carry no secret (Accept, Content-Type). Never Authorization. */
  headers: Record<string, string>;
  /** The exact body sent, when it carries no secret. */
  body?: string;
  /** The kind of token sent as `Authorization: Bearer`, when one was. */
  bearer?: "developer" | "vehicle";
  /** Null when the request can be sent again as logged; otherwise why not, in words. */
  notReplayable: string | null;
}

/** A request or response as the activity log keeps it: redacted (no key, token or signature) and bounded in size. */
export interface ActivityMessage {
  /** Lower-case names; credentials show only as "Bearer [redacted]" or "[redacted]". */
  headers: Record<string, string>;
  /** The body, redacted and cut to LOGGED_BODY_MAX characters (lib/dimo/redact.ts); absent when there was none. */
  body?: string;
  /** True when the body was longer than what is kept. */
  truncated?: boolean;
}

/** One HTTP attempt of a call: its status (null without a response) and how long it took. */
export interface ActivityAttempt {
  status: number | null;
  durationMs: number;
}

export interface ActivityEntry {
  id: string;
  /** When the call started, ISO 8601. */
  at: string;
  method: string;
  service: DimoService;
  /** The path below the service's base address, with only harmless query parameters. */
  path: string;
  /** The full address, with the same query rule as `path`. */
  url: string;
  /** The last HTTP status seen; null when no response came back or no request was needed. */
  status: number | null;
  durationMs: number;
  /** HTTP attempts made; 0 for a cache hit. */
  attempts: number;
  /**
   * "hit": a cached token or vehicle grant served the call and no request was made; "miss": this request fetched a
   * token because none was cached; "none": a data call.
   */
  cache: "hit" | "miss" | "none";
  error?: string;
  tokenKind?: "developer" | "vehicle";
  tokenId?: number;
  /** For a shared call (the Developer JWT's challenge flow or cache hit): the vehicle whose token exchange it served. */
  forTokenId?: number;
  /** Absent for cache hits, which sent nothing. */
  replay?: ActivityReplay;
  /** What was sent and what came back last, redacted; absent for cache hits. */
  request?: ActivityMessage;
  response?: ActivityMessage;
  /** Each HTTP attempt (retries after the first), oldest first; absent for cache hits. */
  tries?: ActivityAttempt[];
  /** A raw token copied by a person (method "COPY"): who copied it, and the token's fingerprint (never the token). */
  copiedBy?: `0x${string}`;
  tokenFingerprint?: string;
}

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

/**
 * A trip's path from the Telemetry API's location history, as parallel arrays (compact on the wire, and the
 * coordinates are a GeoJSON LineString as they are): `times` in epoch milliseconds, `speeds` in km/h (null where the
 * grant does not allow speed or the bucket has none).
 */
export interface TripPath {
  coordinates: Array<[longitude: number, latitude: number]>;
  times: number[];
  speeds: Array<number | null>;
}

/** A trip's path as the trips page receives it: the route, or why the straight line stands in for it. */
export type TripPathResult =
  | { tripId: string; kind: "route"; path: TripPath }
  | { tripId: string; kind: "straight"; reason: string };

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
