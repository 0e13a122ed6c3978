import "server-only";
import { canUse, signalsFeatureFor, telemetryFeatureOf } from "@/lib/features";
import type { PathWindow } from "@/lib/geo/trip-path-window";
import {
  type LocationHistory,
  type SegmentsPage,
  type SignalHistory,
  type TelemetryLatest,
  type VinCredential,
} from "@/lib/models";
import { catalogSignal, mayRead } from "@/lib/signals/catalog";
import { type VehicleSignals } from "@/lib/signals/vehicle-signals";
import { TELEMETRY_SIGNALS } from "@/lib/telemetry-signals";
import {
  type HistoryRequest,
  type LocationHistoryRequest,
  type PathAnswer,
  type SegmentsRequest,
  type TelemetryTarget,
  fetchAvailableSignals,
  fetchEveryLatest,
  fetchHistory,
  fetchLatest,
  fetchLocationHistory,
  fetchPaths,
  fetchSegments,
  fetchVin,
} from "../telemetry";
import { type LastPosition, fetchLastPosition } from "../telemetry/position";
import { type ClientContext } from "./context";

/**
 * The Telemetry API's part of the DIMO client. Each method asks only for the fields the vehicle's grant allows, so
 * a missing privilege costs no upstream call and the service has nothing to refuse.
 */

export interface TelemetryMethods {
  /**
   * The latest value of every signal the grant allows (privilege 1 for most, 4 or 8 for the location), the signals the
   * vehicle has and its data summary, in one Telemetry API request; fields the service refuses anyway are listed.
   */
  getLatestSignals(tokenId: number): Promise<TelemetryLatest>;
  /**
   * Every signal the vehicle has: the names `availableSignals` lists, then the latest value of exactly those the
   * grant allows (and the catalog knows, since names are written into the query); the rest are listed as unread.
   */
  getVehicleSignals(tokenId: number): Promise<VehicleSignals>;
  /** One numeric signal aggregated per interval bucket. */
  getSignalHistory(tokenId: number, request: HistoryRequest): Promise<SignalHistory>;
  /** One location signal's fixes per interval bucket, with their HDOP when asked (privilege 4, or 8: approximate). */
  getLocationHistory(tokenId: number, request: LocationHistoryRequest): Promise<LocationHistory>;
  /** The VIN from the vehicle's VIN credential (privilege 5); null when it has none. */
  getVin(tokenId: number): Promise<VinCredential | null>;
  /** A page of the trips the Telemetry API detects from the signals (privileges 1 and 4). */
  listSegments(tokenId: number, request: SegmentsRequest): Promise<SegmentsPage>;
  /**
   * Trips' paths: the location history (privilege 4) in each window, with the speed when the grant allows it
   * (privilege 1), at most PATHS_PER_REQUEST windows in one Telemetry API request; answered in the order asked.
   */
  getTripPaths(tokenId: number, windows: readonly PathWindow[]): Promise<PathAnswer[]>;
  /**
   * When the vehicle was last seen and its last location, in one request: the exact location with privilege 4, the
   * approximate one with 8 alone, none without either (then `lastSeen` only, which privilege 1 allows).
   */
  getLastPosition(tokenId: number): Promise<LastPosition>;
}

export function telemetryMethods({ http, config, grantOf, withAccess }: ClientContext): TelemetryMethods {
  const target = (tokenId: number, token: string): TelemetryTarget => ({
    http,
    baseUrl: config.urls.telemetry,
    token,
    tokenId,
  });

  return {
    async getLatestSignals(tokenId) {
      const grant = await grantOf(tokenId);
      const held = grant?.privileges ?? [];
      // Ask only for what the grant allows: a field it does not is never requested, so never refused.
      const signals = TELEMETRY_SIGNALS.filter((signal) => signal.anyOf.some((id) => held.includes(id))).map(
        (signal) => signal.name,
      );
      return withAccess(tokenId, signalsFeatureFor(grant), (token) => fetchLatest(target(tokenId, token), { signals }));
    },

    async getVehicleSignals(tokenId) {
      const grant = await grantOf(tokenId);
      const held = grant?.privileges ?? [];
      return withAccess(tokenId, signalsFeatureFor(grant), async (token) => {
        const available = await fetchAvailableSignals(target(tokenId, token));
        const readable = available.filter((name) => mayRead(name, held));
        const unread = available
          .filter((name) => !readable.includes(name))
          .map((name) => ({ name, reason: catalogSignal(name) ? ("privilege" as const) : ("unknown" as const) }));
        // Nothing the grant allows: no second request.
        const latest =
          readable.length > 0
            ? await fetchEveryLatest(target(tokenId, token), readable)
            : { lastSeen: null, signals: [], refused: [] };
        return { lastSeen: latest.lastSeen, available, signals: latest.signals, unread, refused: latest.refused };
      });
    },

    getSignalHistory: (tokenId, request) =>
      withAccess(tokenId, telemetryFeatureOf(request.signal), (token) => fetchHistory(target(tokenId, token), request)),

    getLocationHistory: (tokenId, request) =>
      withAccess(tokenId, telemetryFeatureOf(request.signal), (token) =>
        fetchLocationHistory(target(tokenId, token), request),
      ),

    getVin: (tokenId) => withAccess(tokenId, "vin", (token) => fetchVin(target(tokenId, token))),

    listSegments: (tokenId, request) =>
      withAccess(tokenId, "segments", (token) => fetchSegments(target(tokenId, token), request)),

    async getTripPaths(tokenId, windows) {
      const grant = await grantOf(tokenId);
      // Speed is asked for only when the grant allows it, so the service has nothing to refuse.
      const withSpeed = canUse(grant, "telemetry");
      return withAccess(tokenId, "location", (token) => fetchPaths(target(tokenId, token), windows, withSpeed));
    },

    async getLastPosition(tokenId) {
      const grant = await grantOf(tokenId);
      const signal = canUse(grant, "location")
        ? "currentLocationCoordinates"
        : canUse(grant, "approximateLocation")
          ? "currentLocationApproximateCoordinates"
          : null;
      return withAccess(tokenId, signalsFeatureFor(grant), (token) =>
        fetchLastPosition(target(tokenId, token), signal),
      );
    },
  };
}
