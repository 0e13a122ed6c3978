import "server-only";
import { type DimoService } from "@/lib/protocol";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { URL_VARIABLES } from "@/lib/env-names";
import { envSchema } from "./env-schema";
import { mapStyleUrlOf } from "./map-style";
import { sandboxRpcUrl } from "@/lib/chain/sandbox-chain";
import {
  DIMO_LOGIN_CALLBACK_PATH,
  PRESET_CONTRACTS,
  PRESET_LICENSE_CHAINS,
  PRESET_LOGIN_URLS,
  PRESET_URLS,
  type Preset,
} from "./presets";
import { type AppConfig, type DimoEnv, type DimoUrls } from "./types";

/**
 * Turns an environment into the app's configuration: each variable checked by its schema, then the rules between
 * them (what a real network requires, TLS outside the sandbox, the login callback's address), every problem listed.
 */

const LOOPBACK_HOSTNAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

function isHttpsOrLoopback(value: string): boolean {
  const url = new URL(value);
  return url.protocol === "https:" || LOOPBACK_HOSTNAMES.has(url.hostname);
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses an environment (the one lib/config/index.ts reads) into the app's configuration, or throws a ConfigError. */
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
    problems.push(
      `DIMO_VEHICLE_CONTRACT applies only with DIMO_ENV=custom: DIMO_ENV=${mode} uses its own network's contract.`,
    );
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
      problems.push(
        `${variable} must be an https URL when DIMO_ENV=${mode} (http is allowed only for 127.0.0.1, ::1 or localhost).`,
      );
    }
  }

  const authSecret = env.AUTH_SECRET ?? env.NEXTAUTH_SECRET;
  if (mode !== "sandbox") {
    if (authSecret === undefined) {
      problems.push(
        `AUTH_SECRET is required when DIMO_ENV=${mode}: a random string of 32+ characters (openssl rand -base64 32).`,
      );
    }
    if (env.NEXTAUTH_URL === undefined) {
      problems.push(
        `NEXTAUTH_URL is required when DIMO_ENV=${mode}: the dashboard's public URL, e.g. https://dash.example.com.`,
      );
    }
  }
  const publicUrl = env.NEXTAUTH_URL ?? "http://localhost:3000";
  // The sandbox serves its login page from the same origin as its auth service, whatever port it runs on.
  const loginUrl =
    env.DIMO_LOGIN_URL ?? (preset === "sandbox" ? `${new URL(urls.auth).origin}/login` : PRESET_LOGIN_URLS[preset]);
  if (mode !== "sandbox" && !isHttpsOrLoopback(loginUrl)) {
    problems.push(
      `DIMO_LOGIN_URL must be an https URL when DIMO_ENV=${mode} (http is allowed only for 127.0.0.1, ::1 or localhost).`,
    );
  }
  const loginRedirectUri = env.DIMO_LOGIN_REDIRECT_URI ?? `${publicUrl}${DIMO_LOGIN_CALLBACK_PATH}`;
  // The callback sets the session cookie, so it must be this dashboard's own address, at the callback route.
  const redirect = new URL(loginRedirectUri);
  if (
    redirect.origin !== new URL(publicUrl).origin ||
    !redirect.pathname.replace(/\/$/, "").endsWith(DIMO_LOGIN_CALLBACK_PATH)
  ) {
    problems.push(
      `DIMO_LOGIN_REDIRECT_URI must be the dashboard's own ${publicUrl}${DIMO_LOGIN_CALLBACK_PATH} (with or without a trailing /).`,
    );
  }
  if (env.DIMO_RPC_URL !== undefined && mode !== "sandbox" && !isHttpsOrLoopback(env.DIMO_RPC_URL)) {
    problems.push(
      `DIMO_RPC_URL must be an https URL when DIMO_ENV=${mode} (http is allowed only for 127.0.0.1, ::1 or localhost).`,
    );
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
    mapStyleUrl: mapStyleUrlOf(env.NEXT_PUBLIC_MAP_STYLE_URL, mode),
    development: env.NODE_ENV === "development",
    sandboxDataDir: env.SANDBOX_DATA_DIR ?? ".sandbox",
    // One prefix per license by default, so several dashboards (licenses) can share one Redis.
    redis: env.REDIS_URL
      ? {
          url: env.REDIS_URL,
          keyPrefix: env.REDIS_KEY_PREFIX ?? `dimo-dashboard:${(clientId ?? DEMO_LICENSE.clientId).toLowerCase()}:`,
        }
      : undefined,
    dimoLogin: { url: loginUrl, redirectUri: loginRedirectUri },
    rpcUrl: env.DIMO_RPC_URL,
    licenseChain: {
      ...PRESET_LICENSE_CHAINS[preset],
      // The sandbox serves its chain from the same origin as its auth service, whatever port it runs on.
      rpcUrl: env.DIMO_RPC_URL ?? (preset === "sandbox" ? sandboxRpcUrl(new URL(urls.auth).origin) : undefined),
    },
    // With no proxy configured, X-Forwarded-For is whatever the client wrote: only the socket's address is known.
    trustedProxyHops: env.TRUSTED_PROXY_HOPS ?? 0,
  };
}
