import { type DimoService } from "@/lib/protocol";

/**
 * The environment variable that sets each DIMO service's base address: read by lib/config/, and set by the tools
 * that start a dashboard against a sandbox (browser tests, benchmark).
 */
export const URL_VARIABLES: Record<DimoService, string> = {
  auth: "DIMO_AUTH_URL",
  tokenExchange: "DIMO_TOKEN_EXCHANGE_URL",
  identity: "DIMO_IDENTITY_URL",
  trips: "DIMO_TRIPS_URL",
  valuations: "DIMO_VALUATIONS_URL",
  telemetry: "DIMO_TELEMETRY_URL",
  attestation: "DIMO_ATTESTATION_URL",
  vehicleTriggers: "DIMO_VEHICLE_TRIGGERS_URL",
  fetch: "DIMO_FETCH_URL",
  creditTracker: "DIMO_CREDIT_TRACKER_URL",
};

/** The JSON-RPC endpoint of the license's chain: DIMO's DevLicense contract, and smart-account signatures. */
export const RPC_URL_VARIABLE = "DIMO_RPC_URL";
