/** The validated configuration's shape, as lib/config/parse.ts builds it. */

export type DimoEnv = "sandbox" | "production" | "dev" | "custom";

export interface DimoUrls {
  auth: string;
  tokenExchange: string;
  identity: string;
  trips: string;
  valuations: string;
  /** GraphQL; the client appends `/query`. */
  telemetry: string;
  /** The Attestation API, which creates verifiable credentials; the Telemetry API lists them. */
  attestation: string;
  /** The Vehicle Triggers API (webhooks), which takes the Developer JWT. */
  vehicleTriggers: string;
  /** The Fetch API (GraphQL; the client appends `/query`): a vehicle's stored raw CloudEvents. */
  fetch: string;
  /** DIMO's credit tracker: the license's and each vehicle's credits used, with the Developer JWT. */
  creditTracker: string;
}

/** The chain the Developer License lives on, and DIMO's DevLicense contract there. */
export interface LicenseChainConfig {
  id: number;
  name: string;
  contract: `0x${string}`;
  /** Its JSON-RPC endpoint: DIMO_RPC_URL, or the sandbox's own in sandbox mode; undefined when none is configured. */
  rpcUrl: string | undefined;
}

export interface AppConfig {
  env: DimoEnv;
  license: { clientId: `0x${string}`; domain: string; apiKey: `0x${string}` };
  urls: DimoUrls;
  valuationsVersion: "v1" | "v2";
  /** The vehicle NFT contract named in token exchanges. */
  vehicleContract: `0x${string}`;
  /** Whether the client paces its requests under DIMO's rate limits (DIMO_RATE_LIMITS in lib/protocol.ts). */
  paceRequests: boolean;
  /** Lowercase addresses allowed to sign in besides the license owner. */
  admins: `0x${string}`[];
  /** Absent in sandbox mode, where lib/auth generates one and keeps it under the sandbox data folder. */
  authSecret: string | undefined;
  /** The dashboard's public URL (next-auth and the sign-in message's domain). */
  publicUrl: string;
  /** The street style the maps draw (lib/config/map-style.ts); undefined for the built-in basemap. */
  mapStyleUrl: string | undefined;
  /** Running under `next dev`, whose tooling the Content-Security-Policy must let through. */
  development: boolean;
  /** Where sandbox-mode state of the dashboard (the generated session secret) is kept. */
  sandboxDataDir: string;
  /** Shared state for several instances; undefined keeps it in this process's memory. */
  redis: { url: string; keyPrefix: string } | undefined;
  /**
   * Sign in with DIMO: DIMO's login page, and the address it sends the person back to with a User JWT (registered
   * for the license in DIMO's console, compared exactly).
   */
  dimoLogin: { url: string; redirectUri: string };
  /** A JSON-RPC endpoint of the license's chain (Polygon): smart-account wallet signatures (ERC-1271/6492). */
  rpcUrl: string | undefined;
  /** The license's chain: where the dashboard reads its alias, redirect URIs and signers (API keys). */
  licenseChain: LicenseChainConfig;
  /**
   * How many proxies in front of the dashboard append the address they were reached from to X-Forwarded-For; the
   * client's address is the entry that many places from the right (0: the socket's own address).
   */
  trustedProxyHops: number;
}
