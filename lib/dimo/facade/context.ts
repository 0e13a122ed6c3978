import "server-only";
import { type AppConfig } from "@/lib/config";
import { type Feature } from "@/lib/features";
import { type ActivityEntry, type VehicleGrant } from "@/lib/models";
import { MAX_INT32, type PrivilegeId } from "@/lib/protocol";
import { type KeyValueStore } from "@/lib/store/types";
import { type ActivityInput, currentVehicle, newActivityId, onBehalfOfVehicle, recordActivity } from "../activity";
import { chargeMeter, creditsOf } from "../credits-log";
import { isDimoError } from "../errors";
import { type HttpSettings } from "../http";
import { privilegesFor } from "../privileges";
import { type RequestPacer } from "../pacer";
import { DEFAULT_RETRY, type RetryPolicy } from "../retry";
import { MemoryTokenCache, type TokenCache } from "../token-cache";
import { TokenManager, type VehicleJwtScope } from "../tokens";
import { VehicleDirectory } from "../vehicles";

/** How a DIMO client is made (createDimoClient in lib/dimo/client.ts). */
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
  /** The API key that signs the next challenge; the configured one when absent. */
  signingKey?: () => Promise<`0x${string}`>;
}

/**
 * What every part of the DIMO client shares: the HTTP settings, the token manager, the directory of vehicles and
 * their grants, and `withAccess`, through which each data call checks the grant and gets its Vehicle JWT.
 */

export interface ClientContext {
  config: DimoClientOptions["config"];
  http: HttpSettings;
  tokens: TokenManager;
  directory: VehicleDirectory;
  now: () => number;
  /** How long a vehicle's grant (and the license) is trusted before the identity API is asked again. */
  grantTtlMs: number;
  /** The privileges to exchange for; without a feature, any one the dashboard uses will do. */
  privilegesOf(tokenId: number, feature?: Feature): Promise<PrivilegeId[]>;
  /** The license's grant on the vehicle, from the directory; null when there is none. */
  grantOf(tokenId: number): Promise<VehicleGrant | null>;
  /**
   * Runs a data call with a Vehicle JWT once the grant allows the feature: a missing privilege costs no upstream call,
   * and the call (with the token exchange behind it) is credited to the vehicle in the activity log. A `scope` asks
   * the exchange for more than privileges (cloud events), with a token of its own, so other calls keep theirs.
   */
  withAccess<T>(
    tokenId: number,
    feature: Feature,
    call: (token: string) => Promise<T>,
    scope?: VehicleJwtScope,
  ): Promise<T>;
}

export function assertPositiveInteger(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 1) throw new TypeError(`${name} must be a positive whole number`);
  if (value > MAX_INT32) throw new TypeError(`${name} must be at most ${MAX_INT32}`);
}

export function createClientContext(options: DimoClientOptions): ClientContext {
  const { config } = options;
  const now = options.now ?? Date.now;
  const onActivity = options.onActivity ?? recordActivity;
  const report = (input: ActivityInput) => {
    // A call that names no vehicle but runs for one (the Developer JWT behind its token exchange) is credited to it.
    const servedVehicle = input.tokenId === undefined ? currentVehicle() : undefined;
    const id = newActivityId();
    const credits = creditsOf(input);
    chargeMeter(credits);
    onActivity({
      id,
      ...input,
      ...(servedVehicle !== undefined ? { forTokenId: servedVehicle } : {}),
      ...(credits > 0 ? { credits } : {}),
    });
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
  const tokens = new TokenManager({
    http,
    config,
    cache: options.cache ?? new MemoryTokenCache(now),
    locks: options.locks,
    now,
    onActivity: report,
    signingKey: options.signingKey,
  });
  const grantTtlMs = options.grantTtlMs ?? 5 * 60_000;
  const directory = new VehicleDirectory({ http, config, now, ttlMs: grantTtlMs, onActivity: report });

  async function privilegesOf(tokenId: number, feature?: Feature): Promise<PrivilegeId[]> {
    assertPositiveInteger(tokenId, "tokenId");
    return privilegesFor(tokenId, await directory.get(tokenId), feature);
  }

  return {
    config,
    http,
    tokens,
    directory,
    now,
    grantTtlMs,
    privilegesOf,

    async grantOf(tokenId) {
      assertPositiveInteger(tokenId, "tokenId");
      return (await directory.get(tokenId))?.vehicle.grant ?? null;
    },

    withAccess(tokenId, feature, call, scope) {
      return onBehalfOfVehicle(tokenId, async () => {
        const privileges = await privilegesOf(tokenId, feature);
        try {
          return await tokens.withVehicleJwt(tokenId, privileges, call, scope);
        } catch (error) {
          // The exchange refused what the grant seemed to allow: the grant changed, so read it afresh next time.
          if (isDimoError(error) && error.service === "tokenExchange" && error.status === 403)
            directory.forget(tokenId);
          throw error;
        }
      });
    },
  };
}
