import "server-only";
import { DEV_VEHICLE_NFT_CONTRACT, VEHICLE_NFT_CONTRACT } from "@/lib/protocol";
import { SANDBOX_DEFAULT_PORT, sandboxUrls } from "@/lib/demo-license";
import { SANDBOX_CHAIN, SANDBOX_DEV_LICENSE_ADDRESS } from "@/lib/chain/sandbox-chain";
import { type DimoEnv, type DimoUrls, type LicenseChainConfig } from "./types";

/** What each DIMO_ENV means when nothing overrides it: the services' addresses, the login page and the contract. */

const SANDBOX_ORIGIN = `http://127.0.0.1:${SANDBOX_DEFAULT_PORT}`;

/** The real network's hosts, `dimo.zone` or its dev network's `dev.dimo.zone`. */
const dimoHosts = (domain: string): DimoUrls => ({
  auth: `https://auth.${domain}`,
  tokenExchange: `https://token-exchange-api.${domain}`,
  identity: `https://identity-api.${domain}`,
  trips: `https://trips-api.${domain}`,
  valuations: `https://valuations-api.${domain}`,
  telemetry: `https://telemetry-api.${domain}`,
  attestation: `https://attestation-api.${domain}`,
  vehicleTriggers: `https://vehicle-triggers-api.${domain}`,
  // DIMO's data SDK 1.6.0 names these hosts (environments, Fetch).
  fetch: `https://fetch-api.${domain}`,
  creditTracker: `https://credit-tracker.${domain}`,
});

export type Preset = Exclude<DimoEnv, "custom">;

/** The sandbox's services; its chain's endpoint is the license chain's (PRESET_LICENSE_CHAINS, parseConfig). */
function sandboxServiceUrls(): DimoUrls {
  const { rpc, ...services } = sandboxUrls(SANDBOX_ORIGIN);
  void rpc;
  return services;
}

export const PRESET_URLS: Record<Preset, DimoUrls> = {
  sandbox: sandboxServiceUrls(),
  production: dimoHosts("dimo.zone"),
  dev: dimoHosts("dev.dimo.zone"),
};

/** DIMO's login pages. The sandbox serves its own under /login of the auth service's origin (see parseConfig). */
export const PRESET_LOGIN_URLS: Record<Exclude<Preset, "sandbox">, string> = {
  production: "https://login.dimo.org",
  dev: "https://login.dev.dimo.org",
};

/** Where the callback route of Sign in with DIMO is served (app/(auth)/login/dimo/route.ts). */
export const DIMO_LOGIN_CALLBACK_PATH = "/login/dimo";

export const PRESET_CONTRACTS: Record<Preset, `0x${string}`> = {
  sandbox: VEHICLE_NFT_CONTRACT,
  production: VEHICLE_NFT_CONTRACT,
  dev: DEV_VEHICLE_NFT_CONTRACT,
};

/**
 * The chain each network's Developer Licenses live on, and DIMO's DevLicense contract there: DIMO's developer
 * console's configuration (DIMO-Network/dimo-developer-console, src/config/production.ts and default.ts at commit
 * 37b0417bbdcc918ad79d7580488d45fa6f54357f, `CONTRACT_NETWORK` and `DLC_ADDRESS`). The sandbox's is its own chain.
 */
export const PRESET_LICENSE_CHAINS: Record<Preset, Omit<LicenseChainConfig, "rpcUrl">> = {
  sandbox: { id: SANDBOX_CHAIN.id, name: SANDBOX_CHAIN.name, contract: SANDBOX_DEV_LICENSE_ADDRESS },
  production: { id: 137, name: "Polygon", contract: "0x9A9D2E717bB005B240094ba761Ff074d392C7C85" },
  dev: { id: 80_002, name: "Polygon Amoy", contract: "0xdb6c0dBbaf48b9D9Bcf5ca3C45cFF3811D70eD96" },
};
