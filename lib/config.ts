import "server-only";
import { z } from "zod";
import { DEV_VEHICLE_NFT_CONTRACT, type DimoService, VEHICLE_NFT_CONTRACT } from "@/lib/protocol";
import { DEMO_LICENSE, SANDBOX_DEFAULT_PORT, sandboxUrls } from "@/lib/demo-license";
import { URL_VARIABLES } from "@/lib/env-names";

/**
 * The one place that reads process.env. Everything is validated once; a wrong value stops start-up with a message
 * that names the variable and says how to fix it. With no configuration the dashboard talks to the local sandbox
 * with the sandbox's demo Developer License.
 */

export type DimoEnv = "sandbox" | "production" | "dev" | "custom";

export interface DimoUrls {
  auth: string;
  tokenExchange: string;
  identity: string;
  trips: string;
  valuations: string;
  /** GraphQL; the client appends `/query`. */
  telemetry: string;
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
  mapStyleUrl: string | undefined;
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
}

const SANDBOX_ORIGIN = `http://127.0.0.1:${SANDBOX_DEFAULT_PORT}`;

/** The real network's hosts, `dimo.zone` or its dev network's `dev.dimo.zone`. */
const dimoHosts = (domain: string): DimoUrls => ({
  auth: `https://auth.${domain}`,
  tokenExchange: `https://token-exchange-api.${domain}`,
  identity: `https://identity-api.${domain}`,
  trips: `https://trips-api.${domain}`,
  valuations: `https://valuations-api.${domain}`,
  telemetry: `https://telemetry-api.${domain}`,
});

type Preset = Exclude<DimoEnv, "custom">;

export const PRESET_URLS: Record<Preset, DimoUrls> = {
  sandbox: sandboxUrls(SANDBOX_ORIGIN),
  production: dimoHosts("dimo.zone"),
  dev: dimoHosts("dev.dimo.zone"),
};

/** DIMO's login pages. The sandbox serves its own under /login of the auth service's origin (see loginUrlFor). */
export const PRESET_LOGIN_URLS: Record<Exclude<Preset, "sandbox">, string> = {
  production: "https://login.dimo.org",
  dev: "https://login.dev.dimo.org",
};

/** Where the callback route of Sign in with DIMO is served (app/(auth)/login/dimo/route.ts). */
export const DIMO_LOGIN_CALLBACK_PATH = "/login/dimo";

const PRESET_CONTRACTS: Record<Preset, `0x${string}`> = {
  sandbox: VEHICLE_NFT_CONTRACT,
  production: VEHICLE_NFT_CONTRACT,
  dev: DEV_VEHICLE_NFT_CONTRACT,
};

// Empty strings count as unset, so `DIMO_API_KEY=` in a .env file means "use the default".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), schema.optional());

const address = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, "must be an Ethereum address: 0x followed by 40 hex characters");

const httpUrl = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "http:" || url.protocol === "https:";
    } catch {
      return false;
    }
  }, "must be an http(s) URL such as https://example.com");

/** A base address: a trailing slash is dropped, since paths are appended to it. */
const baseUrl = httpUrl.transform((value) => value.replace(/\/+$/, ""));

const redisUrl = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "redis:" || url.protocol === "rediss:") && url.hostname !== "";
    } catch {
      return false;
    }
  }, "must be a redis:// or rediss:// URL such as redis://localhost:6379");

const LOOPBACK_HOSTNAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

function isHttpsOrLoopback(value: string): boolean {
  const url = new URL(value);
  return url.protocol === "https:" || LOOPBACK_HOSTNAMES.has(url.hostname);
}

const apiKey = z
  .string()
  .trim()
  .regex(/^(0x)?[0-9a-fA-F]{64}$/, "must be the license's API key: 64 hex characters, with or without 0x")
  .transform((value) => (value.startsWith("0x") ? value : `0x${value}`) as `0x${string}`);

const envSchema = z.object({
  DIMO_ENV: optional(z.enum(["sandbox", "production", "dev", "custom"], "must be one of sandbox, production, dev, custom")),
  DIMO_CLIENT_ID: optional(address),
  // Exactly as configured: DIMO compares it with the license's registered redirect URI as a string, slash and all.
  DIMO_DOMAIN: optional(httpUrl),
  DIMO_API_KEY: optional(apiKey),
  DIMO_AUTH_URL: optional(baseUrl),
  DIMO_TOKEN_EXCHANGE_URL: optional(baseUrl),
  DIMO_IDENTITY_URL: optional(baseUrl),
  DIMO_TRIPS_URL: optional(baseUrl),
  DIMO_VALUATIONS_URL: optional(baseUrl),
  DIMO_TELEMETRY_URL: optional(baseUrl),
  DIMO_VEHICLE_CONTRACT: optional(address),
  DIMO_RATE_LIMITS: optional(z.enum(["on", "off"], "must be on or off")),
  DIMO_VALUATIONS_VERSION: optional(z.enum(["v1", "v2"], "must be v1 or v2")),
  DASHBOARD_ADMINS: optional(
    z
      .string()
      .transform((value) => value.split(/[\s,]+/).filter(Boolean))
      .pipe(z.array(address)),
  ),
  AUTH_SECRET: optional(z.string().min(32, "must be at least 32 characters (try: openssl rand -base64 32)")),
  NEXTAUTH_SECRET: optional(z.string().min(32, "must be at least 32 characters (try: openssl rand -base64 32)")),
  NEXTAUTH_URL: optional(baseUrl),
  NEXT_PUBLIC_MAP_STYLE_URL: optional(baseUrl),
  SANDBOX_DATA_DIR: optional(z.string().trim()),
  REDIS_URL: optional(redisUrl),
  REDIS_KEY_PREFIX: optional(z.string().trim().regex(/^[\w:.-]{1,64}$/, "must be 1 to 64 letters, digits or _ : . -")),
  DIMO_LOGIN_URL: optional(baseUrl),
  // Exactly as registered: DIMO compares it with the license's redirect URIs as a string.
  DIMO_LOGIN_REDIRECT_URI: optional(httpUrl),
  DIMO_RPC_URL: optional(httpUrl),
});

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses an environment (process.env by default) into the app's configuration, or throws a ConfigError. */
export function parseConfig(source: Record<string, string | undefined>): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${String(issue.path[0] ?? "environment")} ${issue.message}.`),
    );
  }
  const env = parsed.data;
  const mode: DimoEnv = env.DIMO_ENV ?? "sandbox";
  const problems: string[] = [];

  // Outside the sandbox there is no demo license to fall back on.
  const require = <T>(value: T | undefined, name: string, hint: string): T | undefined => {
    if (value === undefined && mode !== "sandbox") problems.push(`${name} is required when DIMO_ENV=${mode}: ${hint}.`);
    return value;
  };
  const clientId = require(env.DIMO_CLIENT_ID, "DIMO_CLIENT_ID", "the Developer License's client id (0x...)");
  const domain = require(env.DIMO_DOMAIN, "DIMO_DOMAIN", "one of the license's redirect URIs");
  const key = require(env.DIMO_API_KEY, "DIMO_API_KEY", "the license's API key from the DIMO developer console");

  // custom starts from the real network's addresses and contract, and must name every address itself.
  const preset: Preset = mode === "custom" ? "production" : mode;
  if (env.DIMO_VEHICLE_CONTRACT !== undefined && mode !== "custom") {
    problems.push(`DIMO_VEHICLE_CONTRACT applies only with DIMO_ENV=custom: DIMO_ENV=${mode} uses its own network's contract.`);
  }
  const urls = {} as DimoUrls;
  for (const service of Object.keys(URL_VARIABLES) as DimoService[]) {
    const variable = URL_VARIABLES[service];
    const value = env[variable as keyof typeof env] as string | undefined;
    if (value === undefined && mode === "custom") {
      problems.push(`${variable} is required when DIMO_ENV=custom: the base address of that DIMO service.`);
    }
    urls[service] = value ?? PRESET_URLS[preset][service];
    // Tokens and the API key's signatures travel to these addresses: outside the sandbox, only over TLS.
    if (mode !== "sandbox" && !isHttpsOrLoopback(urls[service])) {
      problems.push(`${variable} must be an https URL when DIMO_ENV=${mode} (http is allowed only for 127.0.0.1, ::1 or localhost).`);
    }
  }

  const authSecret = env.AUTH_SECRET ?? env.NEXTAUTH_SECRET;
  if (mode !== "sandbox") {
    if (authSecret === undefined) {
      problems.push(`AUTH_SECRET is required when DIMO_ENV=${mode}: a random string of 32+ characters (openssl rand -base64 32).`);
    }
    if (env.NEXTAUTH_URL === undefined) {
      problems.push(`NEXTAUTH_URL is required when DIMO_ENV=${mode}: the dashboard's public URL, e.g. https://dash.example.com.`);
    }
  }
  const publicUrl = env.NEXTAUTH_URL ?? "http://localhost:3000";
  // The sandbox serves its login page from the same origin as its auth service, whatever port it runs on.
  const loginUrl = env.DIMO_LOGIN_URL ?? (preset === "sandbox" ? `${new URL(urls.auth).origin}/login` : PRESET_LOGIN_URLS[preset]);
  if (mode !== "sandbox" && !isHttpsOrLoopback(loginUrl)) {
    problems.push(`DIMO_LOGIN_URL must be an https URL when DIMO_ENV=${mode} (http is allowed only for 127.0.0.1, ::1 or localhost).`);
  }
  const loginRedirectUri = env.DIMO_LOGIN_REDIRECT_URI ?? `${publicUrl}${DIMO_LOGIN_CALLBACK_PATH}`;
  // The callback sets the session cookie, so it must be this dashboard's own address, at the callback route.
  const redirect = new URL(loginRedirectUri);
  if (redirect.origin !== new URL(publicUrl).origin || !redirect.pathname.replace(/\/$/, "").endsWith(DIMO_LOGIN_CALLBACK_PATH)) {
    problems.push(`DIMO_LOGIN_REDIRECT_URI must be the dashboard's own ${publicUrl}${DIMO_LOGIN_CALLBACK_PATH} (with or without a trailing /).`);
  }
  if (env.DIMO_RPC_URL !== undefined && mode !== "sandbox" && !isHttpsOrLoopback(env.DIMO_RPC_URL)) {
    problems.push(`DIMO_RPC_URL must be an https URL when DIMO_ENV=${mode} (http is allowed only for 127.0.0.1, ::1 or localhost).`);
  }
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    env: mode,
    license: {
      clientId: (clientId ?? DEMO_LICENSE.clientId) as `0x${string}`,
      domain: domain ?? DEMO_LICENSE.redirectUri,
      apiKey: key ?? DEMO_LICENSE.apiKey,
    },
    urls,
    // v1 exists only in the sandbox; DIMO's own valuations service serves v2.
    valuationsVersion: env.DIMO_VALUATIONS_VERSION ?? (mode === "sandbox" ? "v1" : "v2"),
    vehicleContract: (env.DIMO_VEHICLE_CONTRACT ?? PRESET_CONTRACTS[preset]) as `0x${string}`,
    // The real network limits each client; the sandbox does only in its realistic profile, so it is asked for there.
    paceRequests: (env.DIMO_RATE_LIMITS ?? (mode === "sandbox" ? "off" : "on")) === "on",
    admins: (env.DASHBOARD_ADMINS ?? []).map((a) => a.toLowerCase() as `0x${string}`),
    authSecret,
    publicUrl,
    mapStyleUrl: env.NEXT_PUBLIC_MAP_STYLE_URL,
    sandboxDataDir: env.SANDBOX_DATA_DIR ?? ".sandbox",
    // One prefix per license by default, so several dashboards (licenses) can share one Redis.
    redis: env.REDIS_URL
      ? { url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX ?? `dimo-dashboard:${(clientId ?? DEMO_LICENSE.clientId).toLowerCase()}:` }
      : undefined,
    dimoLogin: { url: loginUrl, redirectUri: loginRedirectUri },
    rpcUrl: env.DIMO_RPC_URL,
  };
}

let cached: AppConfig | undefined;

/** The validated configuration of this process, parsed on first use. */
export function getConfig(): AppConfig {
  cached ??= parseConfig(process.env);
  return cached;
}

/** Facts about the configuration that pages may show: never the API key. */
export function publicConfig() {
  const config = getConfig();
  return {
    network: config.env,
    clientId: config.license.clientId,
    mapStyleUrl: config.mapStyleUrl,
  } as const;
}

/** next-auth reads NEXTAUTH_URL itself; hand it the validated public URL so it never guesses one from a request. */
export function shareNextAuthUrl(config: AppConfig): void {
  process.env.NEXTAUTH_URL ??= config.publicUrl;
}

/** At server start-up: a wrong configuration stops the process with a message naming the variable and the fix. */
export function validateConfigOrExit(): void {
  try {
    getConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`\n${error.message}\n\nSee .env.example and the README's configuration table.\n`);
    process.exit(1);
  }
}
