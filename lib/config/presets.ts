import "server-only";
import { DEV_VEHICLE_NFT_CONTRACT, VEHICLE_NFT_CONTRACT } from "@/lib/protocol";
import { SANDBOX_DEFAULT_PORT, sandboxUrls } from "@/lib/demo-license";
import { type DimoEnv, type DimoUrls } from "./types";

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
});

export type Preset = Exclude<DimoEnv, "custom">;

export const PRESET_URLS: Record<Preset, DimoUrls> = {
  sandbox: sandboxUrls(SANDBOX_ORIGIN),
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
