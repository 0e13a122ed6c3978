import "server-only";
import { z } from "zod";
import { BUILTIN_MAP_STYLE } from "./map-style";

/**
 * The environment variables the dashboard reads, each checked on its own; the rules that tie several together are
 * parseConfig's (lib/config/parse.ts). A message completes "<VARIABLE> ...", so it names the variable and the fix.
 */

// Empty strings count as unset, so `DIMO_API_KEY=` in a .env file means "use the default".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), schema.optional());

const address = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, "must be an Ethereum address: 0x followed by 40 hex characters");

/** A URL with one of the protocols and a host. */
const urlWith = (protocols: readonly string[], message: string) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        const url = new URL(value);
        return protocols.includes(url.protocol) && url.hostname !== "";
      } catch {
        return false;
      }
    }, message);

const httpUrl = urlWith(["http:", "https:"], "must be an http(s) URL such as https://example.com");

/** A base address: a trailing slash is dropped, since paths are appended to it. */
const baseUrl = httpUrl.transform((value) => value.replace(/\/+$/, ""));

const redisUrl = urlWith(["redis:", "rediss:"], "must be a redis:// or rediss:// URL such as redis://localhost:6379");

const apiKey = z
  .string()
  .trim()
  .regex(/^(0x)?[0-9a-fA-F]{64}$/, "must be the license's API key: 64 hex characters, with or without 0x")
  .transform((value) => (value.startsWith("0x") ? value : `0x${value}`) as `0x${string}`);

export const envSchema = z.object({
  DIMO_ENV: optional(
    z.enum(["sandbox", "production", "dev", "custom"], "must be one of sandbox, production, dev, custom"),
  ),
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
  DIMO_ATTESTATION_URL: optional(baseUrl),
  DIMO_VEHICLE_TRIGGERS_URL: optional(baseUrl),
  DIMO_FETCH_URL: optional(baseUrl),
  DIMO_CREDIT_TRACKER_URL: optional(baseUrl),
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
  NEXT_PUBLIC_MAP_STYLE_URL: optional(
    z
      .string()
      .trim()
      .refine(
        (value) => value === BUILTIN_MAP_STYLE || httpUrl.safeParse(value).success,
        `must be ${BUILTIN_MAP_STYLE} or the http(s) URL of a MapLibre style such as https://tiles.example.com/styles/{theme}`,
      ),
  ),
  // Set by Next.js itself: "development" under `next dev`.
  NODE_ENV: optional(z.string().trim()),
  SANDBOX_DATA_DIR: optional(z.string().trim()),
  REDIS_URL: optional(redisUrl),
  REDIS_KEY_PREFIX: optional(
    z
      .string()
      .trim()
      .regex(/^[\w:.-]{1,64}$/, "must be 1 to 64 letters, digits or _ : . -"),
  ),
  DIMO_LOGIN_URL: optional(baseUrl),
  // Exactly as registered: DIMO compares it with the license's redirect URIs as a string.
  DIMO_LOGIN_REDIRECT_URI: optional(httpUrl),
  DIMO_RPC_URL: optional(httpUrl),
  TRUSTED_PROXY_HOPS: optional(
    z
      .string()
      .trim()
      .regex(/^\d$/, "must be the number of proxies in front of the dashboard that set X-Forwarded-For: 0 to 9")
      .transform(Number),
  ),
});
