import { describe, expect, it } from "vitest";
import { REQUEST_BODY_LIMIT } from "./body-limit.mjs";
import { gateRefusal } from "./request-gate";

const SANDBOX = { publicUrl: "http://localhost:3000", sandbox: true };
const PRODUCTION = { publicUrl: "https://dash.example.com", sandbox: false };
const get = (host: string | null, pathname = "/vehicles") => ({ pathname, host, contentLength: null });

describe("gateRefusal: the Host", () => {
  it("lets the public host through, and in sandbox mode loopback names on any port", () => {
    for (const host of [
      "localhost:3000",
      "LOCALHOST:3000",
      "127.0.0.1:3000",
      "localhost:4123",
      "[::1]:3000",
      "127.0.0.1",
    ])
      expect(gateRefusal(get(host), SANDBOX)).toBeNull();
    expect(gateRefusal(get("dash.example.com"), PRODUCTION)).toBeNull();
  });

  it("refuses any other host with 421 and the host it answers for: a rebound name, another site, no host", () => {
    for (const host of ["rebind.attacker.example:3000", "localhost.attacker.example:3000", "10.0.0.5:3000", "", null]) {
      const refusal = gateRefusal(get(host), SANDBOX);
      expect(refusal?.status).toBe(421);
      expect(refusal?.message).toContain("answers only at localhost:3000");
    }
    // Outside the sandbox, loopback is no exception: the public host only.
    expect(gateRefusal(get("localhost:3000"), PRODUCTION)?.status).toBe(421);
    expect(gateRefusal(get("dash.example.com.attacker.example"), PRODUCTION)?.status).toBe(421);
  });

  it("answers the liveness check whatever the host, as a load balancer asks by address", () => {
    expect(gateRefusal(get("10.0.0.5:3000", "/api/health"), PRODUCTION)).toBeNull();
  });
});

describe("gateRefusal: the body", () => {
  const post = (contentLength: string) => ({ pathname: "/api/sign-in/nonce", host: "localhost:3000", contentLength });

  it("refuses a declared body over the limit with 413, whatever the path, before anything reads it", () => {
    const refusal = gateRefusal(post(String(11 * 1024 * 1024)), SANDBOX);
    expect(refusal?.status).toBe(413);
    expect(refusal?.message).toMatch(/too large: the dashboard reads at most \d+ KB/);
    expect(gateRefusal(post(String(REQUEST_BODY_LIMIT + 1)), SANDBOX)?.status).toBe(413);
  });

  it("lets a body up to the limit through", () => {
    expect(gateRefusal(post(String(REQUEST_BODY_LIMIT)), SANDBOX)).toBeNull();
    expect(gateRefusal(post("512"), SANDBOX)).toBeNull();
  });
});
