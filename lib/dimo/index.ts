import "server-only";
import { getConfig } from "@/lib/config";
import { type DimoClient, createDimoClient } from "./client";
import { MemoryTokenCache, type TokenCache } from "./token-cache";

/**
 * The DIMO client for the app: typed functions over one process-wide client built from the configuration on first
 * use. Tests and tools that need their own (another sandbox, short timeouts) call createDimoClient().
 */

let instance: DimoClient | undefined;

// The token cache is kept on globalThis: Next.js may load this module once per route bundle (and again after a hot
// reload), and each copy of the client should not run its own challenge flow.
const shared = globalThis as typeof globalThis & { [key: symbol]: TokenCache | undefined };
const TOKEN_CACHE = Symbol.for("dimo-dashboard.token-cache");

export function getDimoClient(): DimoClient {
  instance ??= createDimoClient({ config: getConfig(), cache: (shared[TOKEN_CACHE] ??= new MemoryTokenCache()) });
  return instance;
}

export const listVehicles: DimoClient["listVehicles"] = (options) => getDimoClient().listVehicles(options);
export const listAllVehicles: DimoClient["listAllVehicles"] = () => getDimoClient().listAllVehicles();
export const getVehicle: DimoClient["getVehicle"] = (tokenId) => getDimoClient().getVehicle(tokenId);
export const getDeveloperLicense: DimoClient["getDeveloperLicense"] = () => getDimoClient().getDeveloperLicense();
export const listTrips: DimoClient["listTrips"] = (tokenId, page) => getDimoClient().listTrips(tokenId, page);
export const getValuation: DimoClient["getValuation"] = (tokenId) => getDimoClient().getValuation(tokenId);
export const listOffers: DimoClient["listOffers"] = (tokenId) => getDimoClient().listOffers(tokenId);
export const requestInstantOffer: DimoClient["requestInstantOffer"] = (tokenId) =>
  getDimoClient().requestInstantOffer(tokenId);
export const describeTokens: DimoClient["describeTokens"] = () => getDimoClient().describeTokens();
export const refreshDeveloperToken: DimoClient["refreshDeveloperToken"] = () => getDimoClient().refreshDeveloperToken();
export const refreshVehicleToken: DimoClient["refreshVehicleToken"] = (tokenId) =>
  getDimoClient().refreshVehicleToken(tokenId);
export const getRawToken: DimoClient["getRawToken"] = (kind, tokenId) => getDimoClient().getRawToken(kind, tokenId);

export { createDimoClient, type DimoClient, type DimoClientOptions } from "./client";
export { DimoError, isDimoError, type DimoErrorCode } from "./errors";
export { describeError, type DescribedError } from "./describe-error";
export { listActivity, subscribeActivity, type ActivityEntry } from "./activity";
export { MemoryTokenCache, type CachedToken, type TokenCache } from "./token-cache";
export type * from "./types";
