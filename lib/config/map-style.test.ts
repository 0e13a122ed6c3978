import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "@/lib/config";
import { OPENFREEMAP_STYLE_URL } from "./map-style";

const PRODUCTION = {
  DIMO_ENV: "production",
  DIMO_CLIENT_ID: "0x1111111111111111111111111111111111111111",
  DIMO_DOMAIN: "https://dash.example.com",
  DIMO_API_KEY: "ab".repeat(32),
  AUTH_SECRET: "s".repeat(40),
  NEXTAUTH_URL: "https://dash.example.com",
};

describe("the maps' style (NEXT_PUBLIC_MAP_STYLE_URL)", () => {
  it("is OpenFreeMap's light and dark styles by default on DIMO's networks, the built-in basemap in the sandbox", () => {
    expect(parseConfig(PRODUCTION).mapStyleUrl).toBe(OPENFREEMAP_STYLE_URL);
    expect(OPENFREEMAP_STYLE_URL).toBe("https://tiles.openfreemap.org/styles/{positron|dark}");
    expect(parseConfig({ ...PRODUCTION, DIMO_ENV: "dev" }).mapStyleUrl).toBe(OPENFREEMAP_STYLE_URL);
    expect(parseConfig({}).mapStyleUrl).toBeUndefined();
  });

  it("takes a configured style on any network, and builtin for the built-in basemap", () => {
    const custom = "https://tiles.example.com/styles/{theme}/style.json";
    expect(parseConfig({ ...PRODUCTION, NEXT_PUBLIC_MAP_STYLE_URL: custom }).mapStyleUrl).toBe(custom);
    expect(parseConfig({ NEXT_PUBLIC_MAP_STYLE_URL: custom }).mapStyleUrl).toBe(custom);
    expect(parseConfig({ ...PRODUCTION, NEXT_PUBLIC_MAP_STYLE_URL: "builtin" }).mapStyleUrl).toBeUndefined();
    expect(parseConfig({ ...PRODUCTION, NEXT_PUBLIC_MAP_STYLE_URL: " " }).mapStyleUrl).toBe(OPENFREEMAP_STYLE_URL);
  });

  it("refuses anything else, naming the variable and both choices", () => {
    for (const value of ["offline", "ftp://tiles.example.com/style.json", "tiles.example.com"]) {
      expect(() => parseConfig({ NEXT_PUBLIC_MAP_STYLE_URL: value })).toThrow(ConfigError);
      try {
        parseConfig({ NEXT_PUBLIC_MAP_STYLE_URL: value });
      } catch (error) {
        expect((error as ConfigError).problems).toEqual([
          expect.stringMatching(/^NEXT_PUBLIC_MAP_STYLE_URL must be builtin or the http\(s\) URL of a MapLibre style/),
        ]);
      }
    }
  });
});
