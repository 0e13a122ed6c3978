import "server-only";
import { z } from "zod";
import { DEMO_LICENSE, SANDBOX_DEFAULT_PORT } from "@/sandbox/demo-license";

/**
 * The one place that reads process.env. Everything is validated once; a wrong value stops start-up with a message
 * that names the variable and says how to fix it. With no configuration the dashboard talks to the local sandbox
 * with the sandbox's demo Developer License.
 */

export type DimoEnv = "sandbox" | "production" | "custom";
export type DimoService = "auth" | "tokenExchange" | "identity" | "trips" | "valuations";

export interface DimoUrls {
  auth: string;
  tokenExchange: string;
  identity: string;
  trips: string;
  valuations: string;
}

export interface AppConfig {
  env: DimoEnv;
  license: { clientId: `0x${string}`; domain: string; apiKey: `0x${string}` };
  urls: DimoUrls;
  valuationsVersion: "v1" | "v2";
  /** Lowercase addresses allowed to sign in besides the license owner. */
  admins: `0x${string}`[];
  /** Absent in sandbox mode, where lib/auth generates one and keeps it under the sandbox data folder. */
  authSecret: string | undefined;
  /** The dashboard's public URL (next-auth and the sign-in message's domain). */
  publicUrl: string;
  mapStyleUrl: string | undefined;
  /** Where sandbox-mode state of the dashboard (the generated session secret) is kept. */
  sandboxDataDir: string;
}

const SANDBOX_ORIGIN = `http://127.0.0.1:${SANDBOX_DEFAULT_PORT}`;

export const PRESET_URLS: Record<"sandbox" | "production", DimoUrls> = {
  sandbox: {
    auth: `${SANDBOX_ORIGIN}/auth`,
    tokenExchange: `${SANDBOX_ORIGIN}/token-exchange`,
    identity: `${SANDBOX_ORIGIN}/identity`,
    trips: `${SANDBOX_ORIGIN}/trips`,
    valuations: `${SANDBOX_ORIGIN}/valuations`,
  },
  production: {
    auth: "https://auth.dimo.zone",
    tokenExchange: "https://token-exchange-api.dimo.zone",
    identity: "https://identity-api.dimo.zone",
    trips: "https://trips-api.dimo.zone",
    valuations: "https://valuations-api.dimo.zone",
  },
};

const URL_VARIABLES: Record<DimoService, string> = {
  auth: "DIMO_AUTH_URL",
  tokenExchange: "DIMO_TOKEN_EXCHANGE_URL",
  identity: "DIMO_IDENTITY_URL",
  trips: "DIMO_TRIPS_URL",
  valuations: "DIMO_VALUATIONS_URL",
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
  }, "must be an http(s) URL such as https://example.com")
  .transform((value) => value.replace(/\/+$/, ""));

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
  DIMO_ENV: optional(z.enum(["sandbox", "production", "custom"], "must be one of sandbox, production, custom")),
  DIMO_CLIENT_ID: optional(address),
  DIMO_DOMAIN: optional(httpUrl),
  DIMO_API_KEY: optional(apiKey),
  DIMO_AUTH_URL: optional(httpUrl),
  DIMO_TOKEN_EXCHANGE_URL: optional(httpUrl),
  DIMO_IDENTITY_URL: optional(httpUrl),
  DIMO_TRIPS_URL: optional(httpUrl),
  DIMO_VALUATIONS_URL: optional(httpUrl),
  DIMO_VALUATIONS_VERSION: optional(z.enum(["v1", "v2"], "must be v1 or v2")),
  DASHBOARD_ADMINS: optional(
    z
      .string()
      .transform((value) => value.split(/[\s,]+/).filter(Boolean))
      .pipe(z.array(address)),
  ),
  AUTH_SECRET: optional(z.string().min(32, "must be at least 32 characters (try: openssl rand -base64 32)")),
  NEXTAUTH_SECRET: optional(z.string().min(32, "must be at least 32 characters (try: openssl rand -base64 32)")),
  NEXTAUTH_URL: optional(httpUrl),
  NEXT_PUBLIC_MAP_STYLE_URL: optional(httpUrl),
  SANDBOX_DATA_DIR: optional(z.string().trim()),
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

  const preset = PRESET_URLS[mode === "production" ? "production" : "sandbox"];
  const urls = {} as DimoUrls;
  for (const service of Object.keys(URL_VARIABLES) as DimoService[]) {
    const variable = URL_VARIABLES[service];
    const value = env[variable as keyof typeof env] as string | undefined;
    if (value === undefined && mode === "custom") {
      problems.push(`${variable} is required when DIMO_ENV=custom: the base address of that DIMO service.`);
    }
    urls[service] = value ?? preset[service];
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
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    env: mode,
    license: {
      clientId: (clientId ?? DEMO_LICENSE.clientId) as `0x${string}`,
      domain: domain ?? DEMO_LICENSE.redirectUri,
      apiKey: key ?? DEMO_LICENSE.apiKey,
    },
    urls,
    valuationsVersion: env.DIMO_VALUATIONS_VERSION ?? (mode === "production" ? "v2" : "v1"),
    admins: (env.DASHBOARD_ADMINS ?? []).map((a) => a.toLowerCase() as `0x${string}`),
    authSecret,
    publicUrl: env.NEXTAUTH_URL ?? "http://localhost:3000",
    mapStyleUrl: env.NEXT_PUBLIC_MAP_STYLE_URL,
    sandboxDataDir: env.SANDBOX_DATA_DIR ?? ".sandbox",
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
