import "server-only";
import { type AppConfig } from "@/lib/config";
import { type Feature, canUse, telemetryFeatureOf } from "@/lib/features";
import { TELEMETRY_SIGNALS } from "@/lib/telemetry-signals";
import { IDENTITY_PAGE_MAX, type PrivilegeId } from "@/lib/protocol";
import { type ActivityInput, currentVehicle, newActivityId, onBehalfOfVehicle, recordActivity } from "./activity";
import { isDimoError } from "./errors";
import { type HttpSettings } from "./http";
import { fetchDeveloperLicense, queryVehicles } from "./identity";
import { type RequestPacer } from "./pacer";
import { privilegesFor } from "./privileges";
import { DEFAULT_RETRY, type RetryPolicy } from "./retry";
import { SingleFlight } from "./single-flight";
import { MemoryTokenCache, type TokenCache } from "./token-cache";
import type { KeyValueStore } from "@/lib/store/types";
import type { PathWindow } from "@/lib/geo/trip-path-window";
import { TokenManager, developerInfo, vehicleInfo } from "./tokens";
import {
  type HistoryRequest,
  type PathAnswer,
  type SegmentsRequest,
  type TelemetryTarget,
  fetchHistory,
  fetchLatest,
  fetchPaths,
  fetchSegments,
  fetchVin,
} from "./telemetry";
import { fetchTrips } from "./trips";
import {
  type ActivityEntry,
  type DeveloperLicense,
  type DeveloperTokenInfo,
  type InstantOfferResult,
  type OfferSet,
  type SegmentsPage,
  type SignalHistory,
  type TelemetryLatest,
  type TokenOverview,
  type TripsPage,
  type Valuation,
  type Vehicle,
  type VehicleAccess,
  type VehiclePage,
  type VehicleTokenInfo,
  type VinCredential,
} from "@/lib/models";
import { type ValuationsTarget, alreadyRequested, fetchOffers, fetchValuation, postInstantOffer } from "./valuations";
import { VehicleDirectory, toVehicleRecord } from "./vehicles";

export interface DimoClientOptions {
  config: Pick<AppConfig, "license" | "urls" | "valuationsVersion" | "vehicleContract">;
  cache?: TokenCache;
  /** Fleet-wide locks for the challenge flow and exchanges, shared with the cache's other instances; none by default. */
  locks?: KeyValueStore;
  fetch?: typeof fetch;
  /** Per attempt; 10 s by default. */
  timeoutMs?: number;
  /** The instant-offer request waits on third-party buyers (about a minute on DIMO), so it gets 3 minutes by default. */
  instantOfferTimeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Paces every request under DIMO's rate limits; none by default. */
  pacer?: RequestPacer;
  /** Receives every activity entry; the process-wide log (recordActivity) by default. */
  onActivity?: (entry: ActivityEntry) => void;
  /** How long a vehicle's grant (and the license) is trusted before the identity API is asked again; 5 minutes. */
  grantTtlMs?: number;
  now?: () => number;
  random?: () => number;
}

export interface DimoClient {
  listVehicles(options?: { first?: number; after?: string }): Promise<VehiclePage>;
  listAllVehicles(): Promise<Vehicle[]>;
  /** The vehicle with the license's grant on it; null when unknown or not shared with the license. */
  getVehicle(tokenId: number): Promise<Vehicle | null>;
  /** Whether the license may read the vehicle, and, when its grant has ended, since when. */
  getVehicleAccess(tokenId: number): Promise<VehicleAccess>;
  /** The configured license (kept for the grant lifetime); a DimoError NOT_FOUND when DIMO does not know it. */
  getDeveloperLicense(): Promise<DeveloperLicense>;
  /** Resolves when the vehicle's grant allows the feature; otherwise throws the DimoError its calls would meet. */
  assertCanUse(tokenId: number, feature: Feature): Promise<void>;
  listTrips(tokenId: number, page?: number): Promise<TripsPage>;
  getValuation(tokenId: number): Promise<Valuation | null>;
  listOffers(tokenId: number): Promise<OfferSet[]>;
  /** One upstream request per vehicle at a time: concurrent callers share the one in flight. */
  requestInstantOffer(tokenId: number): Promise<InstantOfferResult>;
  /**
   * The latest value of every signal the grant allows (privilege 1 for most, 4 or 8 for the location), the signals the
   * vehicle has and its data summary, in one Telemetry API request; fields the service refuses anyway are listed.
   */
  getLatestSignals(tokenId: number): Promise<TelemetryLatest>;
  /** One numeric signal aggregated per interval bucket. */
  getSignalHistory(tokenId: number, request: HistoryRequest): Promise<SignalHistory>;
  /** The VIN from the vehicle's VIN credential (privilege 5); null when it has none. */
  getVin(tokenId: number): Promise<VinCredential | null>;
  /** A page of the trips the Telemetry API detects from the signals (privileges 1 and 4). */
  listSegments(tokenId: number, request: SegmentsRequest): Promise<SegmentsPage>;
  /**
   * Trips' paths: the location history (privilege 4) in each window, with the speed when the grant allows it
   * (privilege 1), at most PATHS_PER_REQUEST windows in one Telemetry API request; answered in the order asked.
   */
  getTripPaths(tokenId: number, windows: readonly PathWindow[]): Promise<PathAnswer[]>;
  describeTokens(): Promise<TokenOverview>;
  refreshDeveloperToken(): Promise<DeveloperTokenInfo>;
  refreshVehicleToken(tokenId: number): Promise<VehicleTokenInfo>;
  /** The raw token, for an explicit "copy token" action only: never log it or send it anywhere else. */
  getRawToken(kind: "developer" | "vehicle", tokenId?: number): Promise<string>;
}

const MAX_VEHICLE_PAGES = 1_000;

function assertPositiveInteger(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 1) throw new TypeError(`${name} must be a positive whole number`);
}

export function createDimoClient(options: DimoClientOptions): DimoClient {
  const { config } = options;
  const now = options.now ?? Date.now;
  const onActivity = options.onActivity ?? recordActivity;
  const report = (input: ActivityInput) => {
    // A call that names no vehicle but runs for one (the Developer JWT behind its token exchange) is credited to it.
    const servedVehicle = input.tokenId === undefined ? currentVehicle() : undefined;
    const id = newActivityId();
    onActivity({ id, ...input, ...(servedVehicle !== undefined ? { forTokenId: servedVehicle } : {}) });
    return id;
  };
  const http: HttpSettings = {
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    timeoutMs: options.timeoutMs ?? 10_000,
    retry: { ...DEFAULT_RETRY, ...options.retry },
    onActivity: report,
    secrets: [config.license.apiKey, config.license.apiKey.replace(/^0x/, "")],
    random: options.random,
    pacer: options.pacer,
  };
  const tokens = new TokenManager({ http, config, cache: options.cache ?? new MemoryTokenCache(now),
    locks: options.locks,
    now,
    onActivity: report,
  });
  const grantTtlMs = options.grantTtlMs ?? 5 * 60_000;
  const directory = new VehicleDirectory({ http, config, now, ttlMs: grantTtlMs, onActivity: report });
  const offerFlights = new SingleFlight<InstantOfferResult>();
  const licenseFlight = new SingleFlight<DeveloperLicense>();
  let license: { value: DeveloperLicense; until: number } | undefined;

  /** The privileges to exchange for; without a feature, any one the dashboard uses will do. */
  async function privilegesOf(tokenId: number, feature?: Feature): Promise<PrivilegeId[]> {
    assertPositiveInteger(tokenId, "tokenId");
    return privilegesFor(tokenId, await directory.get(tokenId), feature);
  }

  function withAccess<T>(tokenId: number, feature: Feature, call: (token: string) => Promise<T>) {
    return onBehalfOfVehicle(tokenId, async () => {
      const privileges = await privilegesOf(tokenId, feature);
      try {
        return await tokens.withVehicleJwt(tokenId, privileges, call);
      } catch (error) {
        // The exchange refused what the grant seemed to allow: the grant changed, so read it afresh next time.
        if (isDimoError(error) && error.service === "tokenExchange" && error.status === 403) directory.forget(tokenId);
        throw error;
      }
    });
  }

  const valuations = (tokenId: number, token: string): ValuationsTarget => ({
    http,
    baseUrl: config.urls.valuations,
    version: config.valuationsVersion,
    token,
    tokenId,
  });

  const telemetry = (tokenId: number, token: string): TelemetryTarget => ({ http, baseUrl: config.urls.telemetry, token, tokenId });

  async function listVehicles(paging: { first?: number; after?: string } = {}): Promise<VehiclePage> {
    const first = Math.min(IDENTITY_PAGE_MAX, Math.max(1, Math.floor(paging.first ?? IDENTITY_PAGE_MAX)));
    const connection = await queryVehicles(http, config, first, paging.after);
    const vehicles = connection.nodes.map((node) => {
      const record = toVehicleRecord(node, now());
      // The list carries each grant, so the pages that follow need no identity query of their own.
      directory.remember(node.tokenId, record);
      return record.vehicle;
    });
    return {
      vehicles,
      totalCount: connection.totalCount,
      hasNextPage: connection.pageInfo.hasNextPage,
      endCursor: connection.pageInfo.endCursor ?? null,
    };
  }

  async function getVehicleAccess(tokenId: number): Promise<VehicleAccess> {
    assertPositiveInteger(tokenId, "tokenId");
    const record = await directory.get(tokenId);
    if (record?.vehicle.grant) return { status: "shared", vehicle: record.vehicle };
    // A grant that ended, as opposed to one that never was (no grant to the license, or one with no privilege).
    if (record?.grantExpiredAt) return { status: "expired", vehicle: record.vehicle, grantEndedAt: record.grantExpiredAt };
    return { status: "none" };
  }

  return {
    listVehicles,

    async listAllVehicles() {
      const all: Vehicle[] = [];
      let after: string | undefined;
      for (let page = 0; page < MAX_VEHICLE_PAGES; page += 1) {
        const result = await listVehicles({ first: IDENTITY_PAGE_MAX, after });
        all.push(...result.vehicles);
        // A cursor that does not move would loop for ever.
        if (!result.hasNextPage || result.endCursor === null || result.endCursor === after) break;
        after = result.endCursor;
      }
      return all;
    },

    async getVehicle(tokenId) {
      const access = await getVehicleAccess(tokenId);
      return access.status === "shared" ? access.vehicle : null;
    },

    getVehicleAccess,

    async getDeveloperLicense() {
      if (license && license.until > now()) return license.value;
      return licenseFlight.run("license", async () => {
        const value = await fetchDeveloperLicense(http, config);
        license = { value, until: now() + grantTtlMs };
        return value;
      });
    },

    async assertCanUse(tokenId, feature) {
      await privilegesOf(tokenId, feature);
    },

    async listTrips(tokenId, page = 1) {
      assertPositiveInteger(page, "page");
      return withAccess(tokenId, "trips", (token) => fetchTrips(http, config.urls.trips, token, tokenId, page));
    },

    getValuation: (tokenId) => withAccess(tokenId, "valuation", (token) => fetchValuation(valuations(tokenId, token))),

    listOffers: (tokenId) => withAccess(tokenId, "offers", (token) => fetchOffers(valuations(tokenId, token), now())),

    requestInstantOffer(tokenId) {
      const timeoutMs = options.instantOfferTimeoutMs ?? 180_000;
      return offerFlights.run(String(tokenId), async () => {
        try {
          return await withAccess(tokenId, "instantOffer", (token) => postInstantOffer(valuations(tokenId, token), timeoutMs));
        } catch (error) {
          if (!isDimoError(error) || error.code !== "OFFER_ALREADY_REQUESTED") throw error;
          // The refusal names no date; the last request's offers do, when the grant lets the dashboard read them.
          const latest = await withAccess(tokenId, "offers", (token) => fetchOffers(valuations(tokenId, token), now())).then(
            (sets) => sets[0]?.updated,
            () => undefined,
          );
          throw alreadyRequested(latest, error.upstreamMessage);
        }
      });
    },

    async getLatestSignals(tokenId) {
      assertPositiveInteger(tokenId, "tokenId");
      const grant = (await directory.get(tokenId))?.vehicle.grant ?? null;
      const held = grant?.privileges ?? [];
      // Ask only for what the grant allows: a field it does not is never requested, so never refused.
      const signals = TELEMETRY_SIGNALS.filter((signal) => signal.anyOf.some((id) => held.includes(id))).map((signal) => signal.name);
      // Any one of the Overview's signal rules opens the request; with none, the check says what the signals need.
      const feature: Feature = canUse(grant, "telemetry") || !canUse(grant, "approximateLocation") ? "telemetry" : "approximateLocation";
      return withAccess(tokenId, feature, (token) => fetchLatest(telemetry(tokenId, token), { signals }));
    },

    getSignalHistory: (tokenId, request) =>
      withAccess(tokenId, telemetryFeatureOf(request.signal), (token) => fetchHistory(telemetry(tokenId, token), request)),

    getVin: (tokenId) => withAccess(tokenId, "vin", (token) => fetchVin(telemetry(tokenId, token))),

    listSegments: (tokenId, request) => withAccess(tokenId, "segments", (token) => fetchSegments(telemetry(tokenId, token), request)),

    async getTripPaths(tokenId, windows) {
      assertPositiveInteger(tokenId, "tokenId");
      const grant = (await directory.get(tokenId))?.vehicle.grant ?? null;
      // Speed is asked for only when the grant allows it, so the service has nothing to refuse.
      const withSpeed = canUse(grant, "telemetry");
      return withAccess(tokenId, "location", (token) => fetchPaths(telemetry(tokenId, token), windows, withSpeed));
    },

    async describeTokens() {
      return { developer: await tokens.describeDeveloperJwt(), vehicles: await tokens.describeVehicleJwts() };
    },

    async refreshDeveloperToken() {
      await tokens.dropDeveloperJwt();
      return developerInfo(await tokens.getDeveloperJwt());
    },

    async refreshVehicleToken(tokenId) {
      assertPositiveInteger(tokenId, "tokenId");
      await tokens.dropVehicleJwts(tokenId);
      // A refresh also re-reads the grant, so a token minted now reflects what the owner shares now.
      directory.forget(tokenId);
      return onBehalfOfVehicle(tokenId, async () => {
        const privileges = await privilegesOf(tokenId);
        return vehicleInfo(await tokens.getVehicleJwt(tokenId, privileges), { tokenId, privileges });
      });
    },

    async getRawToken(kind, tokenId) {
      if (kind === "developer") return tokens.getDeveloperJwt();
      if (tokenId === undefined) throw new TypeError("getRawToken('vehicle') needs a tokenId");
      return onBehalfOfVehicle(tokenId, async () =>
        tokens.getVehicleJwt(tokenId, await privilegesOf(tokenId)),
      );
    },
  };
}
