import "server-only";
import { type AppConfig } from "@/lib/config";
import { isPrivilegeId, type PrivilegeId } from "@/lib/protocol";
import { type ActivityInput, cacheHitEntry } from "./activity";
import { CHALLENGE_PATH, fetchDeveloperJwt } from "./auth";
import { isDimoError } from "./errors";
import { type HttpSettings, dimoFetch } from "./http";
import { decodeClaims, tokenExpiryMs } from "./jwt";
import { parseResponse } from "./parse";
import { exchangeResponseSchema } from "./schemas/auth";
import { SingleFlight, runOnceFleetWide } from "./single-flight";
import type { KeyValueStore } from "@/lib/store/types";
import { type TokenCache } from "./token-cache";
import { type DeveloperTokenInfo, type VehicleTokenInfo } from "@/lib/models";

/**
 * The one token manager. The Developer JWT is kept until 5 minutes before it expires, each Vehicle JWT (per vehicle,
 * privilege set and cloud-event filters) until 60 s before; concurrent callers share one in-flight request; a 401
 * drops the token that failed and tries once more with a fresh one.
 */

const DEVELOPER_MARGIN_MS = 5 * 60_000;
const VEHICLE_MARGIN_MS = 60_000;
const EXCHANGE_PATH = "/v1/tokens/exchange";
/**
 * How long one instance may hold the fleet-wide lock on a challenge flow or an exchange: longer than a flow takes with
 * its retries, short enough that a crashed holder does not stall the others for long.
 */
const TOKEN_LOCK_TTL_MS = 60_000;

export interface TokenManagerDeps {
  http: HttpSettings;
  config: Pick<AppConfig, "license" | "urls" | "vehicleContract">;
  cache: TokenCache;
  /**
   * Where the fleet-wide locks live when several instances share the cache: one challenge flow and one exchange per
   * vehicle and privilege set across all of them. Without it, single-flight is per process.
   */
  locks?: KeyValueStore;
  now: () => number;
  onActivity: (entry: ActivityInput) => void;
  /** The API key that signs the next challenge (api-keys/manager.ts); the configured key when absent. */
  signingKey?: () => Promise<`0x${string}`>;
}

/**
 * One `cloudEvents.events` filter of the exchange: access to the vehicle's CloudEvents of a type, from a source, with
 * given ids ("*" is any source, any id). The granted filters come back in the token's `cloud_events` claim.
 */
export interface CloudEventFilter {
  eventType: string;
  source: string;
  ids: readonly string[];
}

/** What a Vehicle JWT is asked for beyond its privileges; without it, the exchange asks for privileges alone. */
export interface VehicleJwtScope {
  cloudEvents?: readonly CloudEventFilter[];
}

/** The part of a Vehicle JWT's cache key that names its cloud-event filters: empty for none, in any order. */
function cloudEventsKey(filters: readonly CloudEventFilter[] | undefined): string {
  if (!filters || filters.length === 0) return "";
  const part = (value: string) => encodeURIComponent(value);
  const named = filters.map(
    (f) => `${part(f.eventType)}|${part(f.source)}|${[...new Set(f.ids)].map(part).sort().join(",")}`,
  );
  return `:events=${[...new Set(named)].sort().join(";")}`;
}

interface TokenMeta {
  kind: "developer" | "vehicle";
  tokenId?: number;
}

const isUnauthorized = (error: unknown) => isDimoError(error) && error.status === 401;

export class TokenManager {
  private readonly flights = new SingleFlight<string>();
  /** The vehicle-token keys this process stored, so that the inspector can list them and refresh can find them. */
  private readonly vehicleKeys = new Map<string, { tokenId: number; privileges: PrivilegeId[] }>();
  private readonly developerKey: string;

  constructor(private readonly deps: TokenManagerDeps) {
    this.developerKey = `dimo:developer:${deps.config.license.clientId.toLowerCase()}`;
  }

  /** A token asked for with cloud events is kept apart from the plain one; the plain key has no events part. */
  private vehicleKey(tokenId: number, privileges: readonly PrivilegeId[], scope: VehicleJwtScope = {}): string {
    const license = this.deps.config.license.clientId.toLowerCase();
    const sorted = [...privileges].sort((a, b) => a - b).join(",");
    return `dimo:vehicle:${license}:${tokenId}:${sorted}${cloudEventsKey(scope.cloudEvents)}`;
  }

  getDeveloperJwt(): Promise<string> {
    const { http, config } = this.deps;
    // The challenge is judged recent by the client's own clock, the one its tokens' expiries are read by.
    const signIn = (apiKey: `0x${string}`) =>
      fetchDeveloperJwt(http, { ...config.license, apiKey }, config.urls.auth, this.deps.now);
    return this.getOrCreate(this.developerKey, DEVELOPER_MARGIN_MS, { kind: "developer" }, async () => {
      const apiKey = (await this.deps.signingKey?.()) ?? config.license.apiKey;
      try {
        return await signIn(apiKey);
      } catch (error) {
        // A newer key DIMO refuses must not stop the dashboard: the configured key is where it started.
        if (apiKey === config.license.apiKey || !isDimoError(error) || error.status !== 400) throw error;
        return signIn(config.license.apiKey);
      }
    });
  }

  getVehicleJwt(tokenId: number, privileges: readonly PrivilegeId[], scope: VehicleJwtScope = {}): Promise<string> {
    const key = this.vehicleKey(tokenId, privileges, scope);
    this.vehicleKeys.set(key, { tokenId, privileges: [...privileges] });
    return this.getOrCreate(key, VEHICLE_MARGIN_MS, { kind: "vehicle", tokenId }, () =>
      this.exchange(tokenId, privileges, scope.cloudEvents ?? []),
    );
  }

  /** Runs `call` with a Vehicle JWT; a 401 drops that token and runs it once more with a fresh one. */
  withVehicleJwt<T>(
    tokenId: number,
    privileges: readonly PrivilegeId[],
    call: (token: string) => Promise<T>,
    scope: VehicleJwtScope = {},
  ): Promise<T> {
    return this.retryOnceOn401(
      this.vehicleKey(tokenId, privileges, scope),
      () => this.getVehicleJwt(tokenId, privileges, scope),
      call,
    );
  }

  private async exchange(
    tokenId: number,
    privileges: readonly PrivilegeId[],
    cloudEvents: readonly CloudEventFilter[],
  ): Promise<string> {
    const json = {
      nftContractAddress: this.deps.config.vehicleContract,
      privileges: [...privileges],
      tokenId,
      // Sent only when asked for: a plain exchange's body names privileges alone.
      ...(cloudEvents.length > 0
        ? {
            cloudEvents: {
              events: cloudEvents.map((f) => ({ eventType: f.eventType, source: f.source, ids: [...f.ids] })),
            },
          }
        : {}),
    };
    const send = async (developerJwt: string) => {
      const response = await dimoFetch(this.deps.http, {
        service: "tokenExchange",
        method: "POST",
        baseUrl: this.deps.config.urls.tokenExchange,
        path: EXCHANGE_PATH,
        bearer: developerJwt,
        body: { json },
        // The body names the vehicle, privileges and event filters, nothing secret: the log keeps it for replay.
        logBody: true,
        // Exchanging is idempotent: a repeat only mints another short-lived token.
        retry: "idempotent",
        tokenKind: "vehicle",
        tokenId,
        cache: "miss",
      });
      return parseResponse(exchangeResponseSchema, response.body, "tokenExchange", "exchange response").token;
    };
    return this.retryOnceOn401(this.developerKey, () => this.getDeveloperJwt(), send);
  }

  /** Calls with the cached token; a 401 drops it (unless already replaced) and the call runs once more with a fresh one. */
  private async retryOnceOn401<T>(
    key: string,
    getToken: () => Promise<string>,
    call: (token: string) => Promise<T>,
  ): Promise<T> {
    const token = await getToken();
    try {
      return await call(token);
    } catch (error) {
      if (!isUnauthorized(error)) throw error;
      await this.dropIfCurrent(key, token);
      return call(await getToken());
    }
  }

  private async getOrCreate(key: string, marginMs: number, meta: TokenMeta, create: () => Promise<string>) {
    const { cache, now } = this.deps;
    const cached = await cache.get(key);
    if (cached) {
      this.reportHit(meta);
      return cached.token;
    }
    const createAndStore = async () => {
      const token = await create();
      const service = meta.kind === "developer" ? "auth" : "tokenExchange";
      const expMs = tokenExpiryMs(token, service, now());
      await cache.set(key, { token, expMs }, expMs - marginMs);
      return token;
    };
    return this.flights.run(key, async () => {
      // Another caller may have stored it while this one waited for the cache.
      const stored = await cache.get(key);
      if (stored) return stored.token;
      const { locks } = this.deps;
      if (!locks) return createAndStore();
      // The holder's result is the token it stores in the shared cache.
      return runOnceFleetWide(key, createAndStore, {
        locks,
        lockTtlMs: TOKEN_LOCK_TTL_MS,
        result: async () => (await cache.get(key))?.token,
      });
    });
  }

  private reportHit(meta: TokenMeta) {
    const { config, onActivity } = this.deps;
    const developer = meta.kind === "developer";
    onActivity(
      cacheHitEntry({
        at: this.deps.now(),
        method: "POST",
        service: developer ? "auth" : "tokenExchange",
        baseUrl: developer ? config.urls.auth : config.urls.tokenExchange,
        path: developer ? CHALLENGE_PATH : EXCHANGE_PATH,
        tokenKind: meta.kind,
        tokenId: meta.tokenId,
      }),
    );
  }

  /** Drops a token that was refused, unless another caller already replaced it. */
  private async dropIfCurrent(key: string, token: string) {
    const cached = await this.deps.cache.get(key);
    if (cached === undefined || cached.token === token) await this.deps.cache.delete(key);
  }

  async dropDeveloperJwt(): Promise<void> {
    await this.deps.cache.delete(this.developerKey);
  }

  /** Drops every cached Vehicle JWT of one vehicle, whatever its privilege set and cloud-event filters. */
  async dropVehicleJwts(tokenId: number): Promise<void> {
    for (const [key, meta] of this.vehicleKeys) {
      if (meta.tokenId !== tokenId) continue;
      await this.deps.cache.delete(key);
      this.vehicleKeys.delete(key);
    }
  }

  /** The cached Developer JWT's claims, without fetching one. */
  async describeDeveloperJwt(): Promise<DeveloperTokenInfo | null> {
    const cached = await this.deps.cache.get(this.developerKey);
    return cached ? developerInfo(cached.token) : null;
  }

  /** Claims of the cached Vehicle JWTs, soonest expiry first; keys whose token has gone are forgotten. */
  async describeVehicleJwts(): Promise<VehicleTokenInfo[]> {
    const infos: VehicleTokenInfo[] = [];
    for (const [key, meta] of this.vehicleKeys) {
      const cached = await this.deps.cache.get(key);
      if (cached === undefined) {
        this.vehicleKeys.delete(key);
        continue;
      }
      infos.push(vehicleInfo(cached.token, meta));
    }
    return infos.sort((a, b) => a.exp - b.exp);
  }
}

const numberOrNull = (value: unknown) => (typeof value === "number" ? value : null);
const stringOrNull = (value: unknown) => (typeof value === "string" ? value : null);

export function developerInfo(token: string): DeveloperTokenInfo {
  const claims = decodeClaims(token, "auth");
  return {
    iss: claims.iss ?? null,
    aud: claims.aud ?? null,
    ethereumAddress: stringOrNull(claims.ethereum_address),
    iat: numberOrNull(claims.iat),
    exp: numberOrNull(claims.exp) ?? 0,
  };
}

export function vehicleInfo(token: string, meta: { tokenId: number; privileges: PrivilegeId[] }): VehicleTokenInfo {
  const claims = decodeClaims(token, "tokenExchange");
  const granted = Array.isArray(claims.privilege_ids)
    ? claims.privilege_ids.filter((id): id is PrivilegeId => typeof id === "number" && isPrivilegeId(id))
    : meta.privileges;
  return {
    tokenId: meta.tokenId,
    privileges: granted,
    iat: numberOrNull(claims.iat),
    exp: numberOrNull(claims.exp) ?? 0,
  };
}
