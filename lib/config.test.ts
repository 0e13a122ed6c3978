import { describe, expect, it } from "vitest";
import { ConfigError, PRESET_URLS, parseConfig } from "./config";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { SANDBOX_CHAIN, SANDBOX_DEV_LICENSE_ADDRESS } from "@/lib/chain/sandbox-chain";
import { sandboxEnv } from "@/test-support/sandbox-env";
import { URL_VARIABLES } from "@/lib/env-names";

const PRODUCTION_LICENSE = {
  DIMO_ENV: "production",
  DIMO_CLIENT_ID: "0x1111111111111111111111111111111111111111",
  DIMO_DOMAIN: "https://dash.example.com",
  DIMO_API_KEY: "ab".repeat(32),
  AUTH_SECRET: "s".repeat(40),
  NEXTAUTH_URL: "https://dash.example.com",
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("parseConfig", () => {
  it("defaults to the sandbox and its demo license with no environment", () => {
    const config = parseConfig({});
    expect(config.env).toBe("sandbox");
    expect(config.urls).toEqual(PRESET_URLS.sandbox);
    expect(config.license).toEqual({
      clientId: DEMO_LICENSE.clientId,
      domain: DEMO_LICENSE.redirectUri,
      apiKey: DEMO_LICENSE.apiKey,
    });
    expect(config.valuationsVersion).toBe("v1");
    expect(config.admins).toEqual([]);
    expect(config.authSecret).toBeUndefined();
  });

  it("treats empty strings as unset", () => {
    expect(parseConfig({ DIMO_ENV: "", DIMO_API_KEY: "  " }).license.apiKey).toBe(DEMO_LICENSE.apiKey);
  });

  it("names the variable and the fix for a bad URL", () => {
    const problems = problemsOf({ DIMO_TRIPS_URL: "not a url" });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^DIMO_TRIPS_URL must be an http\(s\) URL/);
  });

  it("refuses a URL with another scheme", () => {
    expect(problemsOf({ DIMO_AUTH_URL: "ftp://auth.example.com" })[0]).toMatch(/^DIMO_AUTH_URL/);
  });

  it("applies the production preset and v2 valuations", () => {
    const config = parseConfig(PRODUCTION_LICENSE);
    expect(config.urls).toEqual(PRESET_URLS.production);
    expect(config.valuationsVersion).toBe("v2");
    expect(config.license.apiKey).toBe(`0x${"ab".repeat(32)}`);
  });

  it("refuses production without an API key, naming it", () => {
    const { DIMO_API_KEY: _omitted, ...rest } = PRODUCTION_LICENSE;
    const problems = problemsOf(rest);
    expect(problems).toEqual([expect.stringMatching(/^DIMO_API_KEY is required when DIMO_ENV=production/)]);
  });

  it("refuses production without a session secret or public URL", () => {
    const { AUTH_SECRET: _s, NEXTAUTH_URL: _u, ...rest } = PRODUCTION_LICENSE;
    const problems = problemsOf(rest);
    expect(problems.some((p) => p.startsWith("AUTH_SECRET is required"))).toBe(true);
    expect(problems.some((p) => p.startsWith("NEXTAUTH_URL is required"))).toBe(true);
  });

  it("refuses a malformed API key without echoing it", () => {
    const secretish = "zz".repeat(32);
    const problems = problemsOf({ DIMO_API_KEY: secretish });
    expect(problems[0]).toMatch(/^DIMO_API_KEY must be the license's API key/);
    expect(problems.join(" ")).not.toContain(secretish);
  });

  it("sends DIMO_DOMAIN exactly as configured: DIMO compares it with the registered redirect URI as a string", () => {
    expect(parseConfig({ ...PRODUCTION_LICENSE, DIMO_DOMAIN: "https://dash.example.com/" }).license.domain).toBe(
      "https://dash.example.com/",
    );
    expect(parseConfig({ ...PRODUCTION_LICENSE, DIMO_DOMAIN: "https://dash.example.com/app" }).license.domain).toBe(
      "https://dash.example.com/app",
    );
  });

  it("applies the dev network's preset: its hosts, its vehicle contract and v2 valuations", () => {
    const config = parseConfig({ ...PRODUCTION_LICENSE, DIMO_ENV: "dev" });
    expect(config.urls).toEqual({
      auth: "https://auth.dev.dimo.zone",
      tokenExchange: "https://token-exchange-api.dev.dimo.zone",
      identity: "https://identity-api.dev.dimo.zone",
      trips: "https://trips-api.dev.dimo.zone",
      valuations: "https://valuations-api.dev.dimo.zone",
      telemetry: "https://telemetry-api.dev.dimo.zone",
      attestation: "https://attestation-api.dev.dimo.zone",
      vehicleTriggers: "https://vehicle-triggers-api.dev.dimo.zone",
      fetch: "https://fetch-api.dev.dimo.zone",
      creditTracker: "https://credit-tracker.dev.dimo.zone",
    });
    expect(config.vehicleContract).toBe("0x45fbCD3ef7361d156e8b16F5538AE36DEdf61Da8");
    expect(config.valuationsVersion).toBe("v2");
    expect(parseConfig(PRODUCTION_LICENSE).vehicleContract).toBe("0xbA5738a18d83D41847dfFbDC6101d37C69c9B0cF");
  });

  it("takes DIMO_VEHICLE_CONTRACT in custom mode only, and defaults custom to v2 valuations", () => {
    const urls = {
      DIMO_AUTH_URL: "https://a.test",
      DIMO_TOKEN_EXCHANGE_URL: "https://b.test",
      DIMO_IDENTITY_URL: "https://c.test",
      DIMO_TRIPS_URL: "https://d.test",
      DIMO_VALUATIONS_URL: "https://e.test",
      DIMO_TELEMETRY_URL: "https://f.test",
      DIMO_ATTESTATION_URL: "https://g.test",
      DIMO_VEHICLE_TRIGGERS_URL: "https://h.test",
      DIMO_FETCH_URL: "https://i.test",
      DIMO_CREDIT_TRACKER_URL: "https://j.test",
    };
    const contract = "0x3333333333333333333333333333333333333333";
    const custom = parseConfig({ ...PRODUCTION_LICENSE, ...urls, DIMO_ENV: "custom", DIMO_VEHICLE_CONTRACT: contract });
    expect(custom.vehicleContract).toBe(contract);
    expect(custom.valuationsVersion).toBe("v2");
    expect(problemsOf({ ...PRODUCTION_LICENSE, DIMO_VEHICLE_CONTRACT: contract })).toEqual([
      expect.stringMatching(/^DIMO_VEHICLE_CONTRACT applies only with DIMO_ENV=custom/),
    ]);
  });

  it("refuses plain-http DIMO URLs outside sandbox mode, loopback excepted", () => {
    const custom = { ...PRODUCTION_LICENSE, DIMO_ENV: "custom" };
    const urls = {
      DIMO_AUTH_URL: "http://auth.example.com",
      DIMO_TOKEN_EXCHANGE_URL: "https://token.example.com",
      DIMO_IDENTITY_URL: "http://127.0.0.1:4455/identity",
      DIMO_TRIPS_URL: "http://localhost:4455/trips",
      DIMO_VALUATIONS_URL: "http://[::1]:4455/valuations",
      DIMO_TELEMETRY_URL: "https://telemetry.example.com",
      DIMO_ATTESTATION_URL: "https://attestation.example.com",
      DIMO_VEHICLE_TRIGGERS_URL: "https://vehicle-triggers.example.com",
      DIMO_FETCH_URL: "https://fetch.example.com",
      DIMO_CREDIT_TRACKER_URL: "https://credit-tracker.example.com",
    };
    expect(problemsOf({ ...custom, ...urls })).toEqual([
      "DIMO_AUTH_URL must be an https URL when DIMO_ENV=custom (http is allowed only for 127.0.0.1, ::1 or localhost).",
    ]);
    expect(parseConfig({ ...custom, ...urls, DIMO_AUTH_URL: "https://auth.example.com" }).urls.auth).toBe(
      "https://auth.example.com",
    );
    expect(
      problemsOf({ ...PRODUCTION_LICENSE, DIMO_ENV: "production", DIMO_TRIPS_URL: "http://trips.example.com" }),
    ).toHaveLength(1);
  });

  it("requires every URL in custom mode", () => {
    const problems = problemsOf({ ...PRODUCTION_LICENSE, DIMO_ENV: "custom", DIMO_AUTH_URL: "http://a.test" });
    expect(problems.filter((p) => p.includes("required when DIMO_ENV=custom"))).toHaveLength(
      Object.keys(URL_VARIABLES).length - 1,
    );
    expect(problems).toContain(
      "DIMO_TELEMETRY_URL is required when DIMO_ENV=custom: the base address of that DIMO service.",
    );
  });

  it("gives the Telemetry API a base address per preset, its /query path left to the client", () => {
    expect(parseConfig({}).urls.telemetry).toBe("http://127.0.0.1:4455/telemetry");
    expect(parseConfig({}).urls.attestation).toBe("http://127.0.0.1:4455/attestation");
    expect(parseConfig(PRODUCTION_LICENSE).urls.attestation).toBe("https://attestation-api.dimo.zone");
    expect(parseConfig({}).urls.vehicleTriggers).toBe("http://127.0.0.1:4455/vehicle-triggers");
    expect(parseConfig(PRODUCTION_LICENSE).urls.vehicleTriggers).toBe("https://vehicle-triggers-api.dimo.zone");
    expect(parseConfig({}).urls.fetch).toBe("http://127.0.0.1:4455/fetch");
    expect(parseConfig(PRODUCTION_LICENSE).urls.fetch).toBe("https://fetch-api.dimo.zone");
    expect(parseConfig(PRODUCTION_LICENSE).urls.telemetry).toBe("https://telemetry-api.dimo.zone");
    expect(parseConfig({ ...PRODUCTION_LICENSE, DIMO_ENV: "dev" }).urls.telemetry).toBe(
      "https://telemetry-api.dev.dimo.zone",
    );
    expect(parseConfig({ DIMO_TELEMETRY_URL: "http://127.0.0.1:9999/telemetry/" }).urls.telemetry).toBe(
      "http://127.0.0.1:9999/telemetry",
    );
    expect(problemsOf({ DIMO_TELEMETRY_URL: "telemetry" })[0]).toMatch(/^DIMO_TELEMETRY_URL must be an http\(s\) URL/);
    expect(problemsOf({ ...PRODUCTION_LICENSE, DIMO_TELEMETRY_URL: "http://telemetry.example.com" })).toEqual([
      "DIMO_TELEMETRY_URL must be an https URL when DIMO_ENV=production (http is allowed only for 127.0.0.1, ::1 or localhost).",
    ]);
  });

  it("lets one URL be overridden in sandbox mode, without a trailing slash", () => {
    const config = parseConfig({ DIMO_TRIPS_URL: "http://127.0.0.1:9999/trips/" });
    expect(config.urls.trips).toBe("http://127.0.0.1:9999/trips");
    expect(config.urls.auth).toBe(PRESET_URLS.sandbox.auth);
  });

  it("parses DASHBOARD_ADMINS into lowercase addresses and refuses a bad one", () => {
    const admins = "0xAbCdEf0123456789abcdef0123456789ABCDEF01, 0x2222222222222222222222222222222222222222";
    expect(parseConfig({ DASHBOARD_ADMINS: admins }).admins).toEqual([
      "0xabcdef0123456789abcdef0123456789abcdef01",
      "0x2222222222222222222222222222222222222222",
    ]);
    expect(problemsOf({ DASHBOARD_ADMINS: "0x12" })[0]).toMatch(/^DASHBOARD_ADMINS/);
  });

  it("refuses an unknown DIMO_ENV", () => {
    expect(problemsOf({ DIMO_ENV: "staging" })[0]).toMatch(/^DIMO_ENV must be one of sandbox, production, dev, custom/);
  });

  it("takes REDIS_URL (redis:// or rediss://) with a key prefix from the license's client id", () => {
    expect(parseConfig({}).redis).toBeUndefined();
    const config = parseConfig({ REDIS_URL: "rediss://cache.example.com:6380" });
    expect(config.redis).toEqual({
      url: "rediss://cache.example.com:6380",
      keyPrefix: `dimo-dashboard:${config.license.clientId.toLowerCase()}:`,
    });
    expect(parseConfig({ REDIS_URL: "redis://localhost", REDIS_KEY_PREFIX: "team-a:" }).redis?.keyPrefix).toBe(
      "team-a:",
    );
    expect(() => parseConfig({ REDIS_URL: "http://localhost:6379" })).toThrow(
      /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/,
    );
  });

  it("points Sign in with DIMO at each network's login page, and the sandbox's beside its auth service", () => {
    expect(parseConfig({}).dimoLogin).toEqual({
      url: "http://127.0.0.1:4455/login",
      redirectUri: "http://localhost:3000/login/dimo",
    });
    expect(
      parseConfig({ DIMO_AUTH_URL: "http://127.0.0.1:4655/auth", NEXTAUTH_URL: "http://localhost:3200" }).dimoLogin,
    ).toEqual({
      url: "http://127.0.0.1:4655/login",
      redirectUri: "http://localhost:3200/login/dimo",
    });
    expect(parseConfig(PRODUCTION_LICENSE).dimoLogin).toEqual({
      url: "https://login.dimo.org",
      redirectUri: "https://dash.example.com/login/dimo",
    });
    expect(parseConfig({ ...PRODUCTION_LICENSE, DIMO_ENV: "dev" }).dimoLogin.url).toBe("https://login.dev.dimo.org");
  });

  it("takes DIMO_LOGIN_REDIRECT_URI exactly, but only at the dashboard's own callback route", () => {
    const config = parseConfig({
      ...PRODUCTION_LICENSE,
      DIMO_LOGIN_REDIRECT_URI: "https://dash.example.com/login/dimo/",
    });
    expect(config.dimoLogin.redirectUri).toBe("https://dash.example.com/login/dimo/");
    expect(
      problemsOf({ ...PRODUCTION_LICENSE, DIMO_LOGIN_REDIRECT_URI: "https://evil.example.com/login/dimo" })[0],
    ).toMatch(/^DIMO_LOGIN_REDIRECT_URI must be the dashboard's own https:\/\/dash.example.com\/login\/dimo/);
    expect(
      problemsOf({ ...PRODUCTION_LICENSE, DIMO_LOGIN_REDIRECT_URI: "https://dash.example.com/elsewhere" })[0],
    ).toMatch(/^DIMO_LOGIN_REDIRECT_URI/);
  });

  it("takes DIMO_LOGIN_URL and DIMO_RPC_URL over TLS outside the sandbox, and no RPC by default", () => {
    expect(parseConfig({}).rpcUrl).toBeUndefined();
    expect(parseConfig({ ...PRODUCTION_LICENSE, DIMO_RPC_URL: "https://polygon.example.com/rpc" }).rpcUrl).toBe(
      "https://polygon.example.com/rpc",
    );
    expect(problemsOf({ ...PRODUCTION_LICENSE, DIMO_RPC_URL: "http://polygon.example.com" })[0]).toMatch(
      /^DIMO_RPC_URL must be an https URL/,
    );
    expect(problemsOf({ ...PRODUCTION_LICENSE, DIMO_LOGIN_URL: "http://login.example.com" })[0]).toMatch(
      /^DIMO_LOGIN_URL must be an https URL/,
    );
    expect(problemsOf({ DIMO_RPC_URL: "not a url" })[0]).toMatch(/^DIMO_RPC_URL must be an http\(s\) URL/);
  });

  it("reads the license on DIMO's DevLicense contract of each network, and the sandbox's own chain in sandbox mode", () => {
    expect(parseConfig({ ...PRODUCTION_LICENSE, DIMO_ENV: "production" }).licenseChain).toEqual({
      id: 137,
      name: "Polygon",
      contract: "0x9A9D2E717bB005B240094ba761Ff074d392C7C85",
      rpcUrl: undefined,
    });
    expect(
      parseConfig({ ...PRODUCTION_LICENSE, DIMO_ENV: "dev", DIMO_RPC_URL: "https://amoy.example.com" }).licenseChain,
    ).toEqual({
      id: 80_002,
      name: "Polygon Amoy",
      contract: "0xdb6c0dBbaf48b9D9Bcf5ca3C45cFF3811D70eD96",
      rpcUrl: "https://amoy.example.com",
    });
    expect(parseConfig({}).licenseChain).toEqual({
      id: SANDBOX_CHAIN.id,
      name: SANDBOX_CHAIN.name,
      contract: SANDBOX_DEV_LICENSE_ADDRESS,
      rpcUrl: "http://127.0.0.1:4455/rpc",
    });
    // A sandbox elsewhere serves its chain beside its services; DIMO_RPC_URL still wins.
    expect(parseConfig(sandboxEnv("http://127.0.0.1:5999")).licenseChain.rpcUrl).toBe("http://127.0.0.1:5999/rpc");
    expect(parseConfig({ DIMO_AUTH_URL: "http://127.0.0.1:5999/auth" }).licenseChain.rpcUrl).toBe(
      "http://127.0.0.1:5999/rpc",
    );
    // The smart-account check keeps asking only a configured endpoint.
    expect(parseConfig({}).rpcUrl).toBeUndefined();
  });

  it("trusts no proxy's X-Forwarded-For unless TRUSTED_PROXY_HOPS says how many there are", () => {
    expect(parseConfig({}).trustedProxyHops).toBe(0);
    expect(parseConfig({ TRUSTED_PROXY_HOPS: "2" }).trustedProxyHops).toBe(2);
    for (const bad of ["-1", "yes", "10", "1.5"])
      expect(problemsOf({ TRUSTED_PROXY_HOPS: bad })[0]).toMatch(/^TRUSTED_PROXY_HOPS must be the number of proxies/);
  });
});
