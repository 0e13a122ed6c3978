import { describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import { contentSecurityPolicy, mapOriginOf } from "./headers";

const PRODUCTION = {
  DIMO_ENV: "production",
  DIMO_CLIENT_ID: "0x1111111111111111111111111111111111111111",
  DIMO_DOMAIN: "https://dash.example.com",
  DIMO_API_KEY: "ab".repeat(32),
  AUTH_SECRET: "s".repeat(40),
  NEXTAUTH_URL: "https://dash.example.com",
};

/** The policy the proxy sends for an environment. */
const policyFor = (env: Record<string, string>) =>
  contentSecurityPolicy({ nonce: "n", development: false, mapOrigin: mapOriginOf(parseConfig(env).mapStyleUrl) });

/** Every origin the policy names, by directive. */
function originsOf(policy: string): Map<string, string[]> {
  return new Map(
    policy.split("; ").map((directive) => {
      const [name = "", ...sources] = directive.split(" ");
      return [name, sources.filter((source) => /^https?:\/\//.test(source))];
    }),
  );
}

describe("the Content-Security-Policy's map host", () => {
  it("names OpenFreeMap's one host, for fetches and images only, on DIMO's network with no style configured", () => {
    const origins = originsOf(policyFor(PRODUCTION));
    expect(origins.get("connect-src")).toEqual(["https://tiles.openfreemap.org"]);
    expect(origins.get("img-src")).toEqual(["https://tiles.openfreemap.org"]);
    for (const [directive, named] of origins) {
      if (directive !== "connect-src" && directive !== "img-src") expect(named).toEqual([]);
    }
  });

  it("names the configured style's host instead, and none for the built-in basemap", () => {
    const custom = originsOf(
      policyFor({ ...PRODUCTION, NEXT_PUBLIC_MAP_STYLE_URL: "https://maps.example.com:8443/styles/{theme}.json" }),
    );
    expect(custom.get("connect-src")).toEqual(["https://maps.example.com:8443"]);
    for (const env of [{}, { ...PRODUCTION, NEXT_PUBLIC_MAP_STYLE_URL: "builtin" }]) {
      expect([...originsOf(policyFor(env)).values()].flat()).toEqual([]);
    }
  });
});
