import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "./proxy";

/** The proxy as Next.js calls it, with the default (sandbox) configuration: public URL http://localhost:3000. */

const request = (url: string, init: { host: string; method?: string; headers?: Record<string, string> }) =>
  new NextRequest(url, { method: init.method ?? "GET", headers: { host: init.host, ...init.headers } });

describe("proxy", () => {
  it("refuses a request whose Host is another site's, before the sign-in redirect or any page", async () => {
    const response = proxy(
      request("http://rebind.attacker.example:3000/vehicles", { host: "rebind.attacker.example:3000" }),
    );
    expect(response.status).toBe(421);
    expect(await response.text()).toContain("answers only at localhost:3000");
  });

  it("refuses an 11 MB POST before any route reads it", async () => {
    const response = proxy(
      request("http://localhost:3000/api/sign-in/nonce", {
        host: "localhost:3000",
        method: "POST",
        headers: { "content-length": String(11 * 1024 * 1024) },
      }),
    );
    expect(response.status).toBe(413);
  });

  it("lets a loopback request through to the sign-in redirect, with its security headers", () => {
    const response = proxy(request("http://localhost:3000/vehicles", { host: "localhost:3000" }));
    expect(response.status).toBe(307);
    expect(response.headers.get("location")).toBe("http://localhost:3000/login?callbackUrl=%2Fvehicles");
    expect(response.headers.get("content-security-policy")).toContain("script-src");
  });
});
