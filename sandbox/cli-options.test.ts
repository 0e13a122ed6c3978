import { describe, expect, it } from "vitest";
import { CliError, parseCliOptions } from "./cli-options";

describe("parseCliOptions", () => {
  it("reads every flag, in both --flag value and --flag=value forms", () => {
    expect(
      parseCliOptions(
        [
          "--port",
          "0",
          "--host=0.0.0.0",
          "--data-dir",
          "/tmp/x",
          "--cache-dir=/tmp/c",
          "--reset",
          "--instant-offer-delay=250",
          "--rate-limit",
          "--quiet",
        ],
        {},
      ),
    ).toEqual({
      port: 0,
      host: "0.0.0.0",
      dataDir: "/tmp/x",
      cacheDir: "/tmp/c",
      reset: true,
      instantOfferDelayMs: 250,
      rateLimit: true,
      quiet: true,
    });
  });

  it("reads the profile, and refuses an unknown one", () => {
    expect(parseCliOptions(["--profile", "realistic"], {})).toEqual({ profile: "realistic" });
    expect(parseCliOptions(["--profile=default"], {})).toEqual({ profile: "default" });
    expect(() => parseCliOptions(["--profile", "real"], {})).toThrow("--profile needs one of default, realistic");
    expect(() => parseCliOptions(["--profile"], {})).toThrow(CliError);
  });

  it("takes the port and data folder from the environment, flags winning", () => {
    expect(parseCliOptions([], { SANDBOX_PORT: "5000", SANDBOX_DATA_DIR: "data" })).toEqual({
      port: 5000,
      dataDir: "data",
    });
    expect(parseCliOptions(["--port", "6000"], { SANDBOX_PORT: "5000" })).toEqual({ port: 6000 });
    expect(parseCliOptions([], { SANDBOX_PORT: "" })).toEqual({});
  });

  it("reads the fleet size from --fleet or SANDBOX_FLEET, the flag winning, and refuses a bad one", () => {
    expect(parseCliOptions(["--fleet", "10000"], {})).toEqual({ fleet: 10000 });
    expect(parseCliOptions([], { SANDBOX_FLEET: "250" })).toEqual({ fleet: 250 });
    expect(parseCliOptions(["--fleet=0"], { SANDBOX_FLEET: "250" })).toEqual({ fleet: 0 });
    expect(() => parseCliOptions(["--fleet", "-5"], {})).toThrow("--fleet needs a whole number from 0 to 100000");
    expect(() => parseCliOptions(["--fleet", "100001"], {})).toThrow(CliError);
    expect(() => parseCliOptions([], { SANDBOX_FLEET: "many" })).toThrow("SANDBOX_FLEET");
  });

  it("keeps the live vehicle parked with --no-live or SANDBOX_LIVE=0, and refuses another SANDBOX_LIVE", () => {
    expect(parseCliOptions(["--no-live"], {})).toEqual({ live: false });
    expect(parseCliOptions([], { SANDBOX_LIVE: "0" })).toEqual({ live: false });
    expect(parseCliOptions([], { SANDBOX_LIVE: "1" })).toEqual({ live: true });
    expect(parseCliOptions(["--no-live"], { SANDBOX_LIVE: "1" })).toEqual({ live: false });
    expect(() => parseCliOptions([], { SANDBOX_LIVE: "yes" })).toThrow("SANDBOX_LIVE");
  });

  it("refuses bad values and unknown flags with a message", () => {
    for (const argv of [
      ["--port", "abc"],
      ["--port", "70000"],
      ["--port"],
      ["--instant-offer-delay", "-1"],
      ["--nope"],
      ["--host"],
    ]) {
      expect(() => parseCliOptions(argv, {})).toThrow(CliError);
    }
    expect(() => parseCliOptions([], { SANDBOX_PORT: "x" })).toThrow("SANDBOX_PORT");
  });

  it("collects repeated --redirect-uri flags and refuses one that is not an http(s) URL", () => {
    expect(
      parseCliOptions(
        ["--redirect-uri", "http://localhost:3100/login/dimo", "--redirect-uri=http://localhost:3200/login/dimo"],
        {},
      ),
    ).toEqual({
      redirectUris: ["http://localhost:3100/login/dimo", "http://localhost:3200/login/dimo"],
    });
    expect(() => parseCliOptions(["--redirect-uri", "javascript:alert(1)"], {})).toThrow(
      "--redirect-uri needs an http(s) URL",
    );
  });

  it("answers help", () => {
    expect(parseCliOptions(["--help"], {})).toBe("help");
  });
});
