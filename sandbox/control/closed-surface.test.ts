import { request as httpRequest } from "node:http";
import { beforeEach, describe, expect, it } from "vitest";
import { SANDBOX_CONTROL_HEADER } from "@/lib/demo-license";
import { CONTROL_HEADERS } from "@/sandbox/control-client";
import { request, setUpSandbox } from "@/test-support/sandbox";

/** Over real HTTP: what a web page (or a rebound DNS name) could send to the control surface is refused and changes nothing. */

const suite = setUpSandbox();

beforeEach(async () => {
  await suite.control.reset();
});

/** A request with a Host header of our choosing (fetch does not let a caller set Host). */
function withHost(path: string, host: string): Promise<number> {
  const url = new URL(path, suite.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "GET",
        headers: { ...CONTROL_HEADERS, host },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("the sandbox control surface, closed to web pages", () => {
  it("refuses a cross-origin text/plain POST (what any page can send) and changes nothing", async () => {
    const page = { ...CONTROL_HEADERS, origin: "https://evil.example", "content-type": "text/plain;charset=UTF-8" };
    const clock = await request(`${suite.url}/__sandbox/clock`, {
      method: "POST",
      headers: page,
      body: '{"advanceSeconds":86400}',
    });
    const fault = await request(`${suite.url}/__sandbox/faults`, {
      method: "POST",
      headers: page,
      body: '{"path":"/**","status":500,"times":0}',
    });
    const reset = await request(`${suite.url}/__sandbox/reset`, { method: "POST", headers: page, body: "" });
    expect([clock.status, fault.status, reset.status]).toEqual([403, 403, 403]);
    expect((await suite.control.clock()).offsetSeconds).toBe(0);
    expect(await suite.control.listFaults()).toEqual([]);
  });

  it("refuses any request that carries an Origin, even with a JSON body or to read", async () => {
    const json = await request(`${suite.url}/__sandbox/clock`, {
      method: "POST",
      headers: { ...CONTROL_HEADERS, origin: "http://localhost:3000" },
      json: { advanceSeconds: 60 },
    });
    expect(json.status).toBe(403);
    const read = await request(`${suite.url}/__sandbox/demo`, {
      headers: { ...CONTROL_HEADERS, origin: "https://evil.example" },
    });
    expect(read.status).toBe(403);
    expect((await suite.control.clock()).offsetSeconds).toBe(0);
  });

  it("refuses a body that is not JSON, without an Origin too", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const answer = await request(`${suite.url}/__sandbox/clock`, {
        method: "POST",
        headers: { ...CONTROL_HEADERS, "content-type": type },
        body: '{"advanceSeconds":60}',
      });
      expect(answer.status, type).toBe(415);
    }
    expect((await request(`${suite.url}/__sandbox/reset`, { method: "POST", headers: CONTROL_HEADERS })).status).toBe(
      415,
    );
    expect((await suite.control.clock()).offsetSeconds).toBe(0);
  });

  it("refuses a call without its header, as a server posting to a typed URL sends it, and changes nothing", async () => {
    await suite.control.advanceClock(60);
    const json = { "content-type": "application/json" };
    const reset = await request(`${suite.url}/__sandbox/reset`, { method: "POST", headers: json, body: "{}" });
    const clock = await request(`${suite.url}/__sandbox/clock`, { method: "POST", json: { advanceSeconds: 600 } });
    const wrong = await request(`${suite.url}/__sandbox/reset`, {
      method: "POST",
      headers: { ...json, [SANDBOX_CONTROL_HEADER.name]: "0" },
      body: "{}",
    });
    const demo = await request(`${suite.url}/__sandbox/demo`);
    expect([reset.status, clock.status, wrong.status, demo.status]).toEqual([403, 403, 403, 403]);
    expect(demo.text).not.toContain("privateKey");
    expect((await suite.control.clock()).offsetSeconds).toBe(60);
  });

  it("refuses a CORS preflight, so a page can never send the header", async () => {
    const preflight = await request(`${suite.url}/__sandbox/reset`, {
      method: "OPTIONS",
      headers: {
        origin: "https://evil.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": SANDBOX_CONTROL_HEADER.name,
      },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    expect(preflight.headers.get("access-control-allow-headers")).toBeNull();
  });

  it("answers only to a loopback Host name (DNS rebinding)", async () => {
    expect(await withHost("/__sandbox/demo", "evil.example")).toBe(403);
    expect(await withHost("/__sandbox/demo", "evil.example:4455")).toBe(403);
    expect(await withHost("/__sandbox/demo", "127.0.0.1.evil.example")).toBe(403);
    expect(await withHost("/__sandbox/demo", "localhost:4455")).toBe(200);
    expect(await withHost("/__sandbox/demo", "127.0.0.1")).toBe(200);
    expect(await withHost("/__sandbox/demo", "[::1]:4455")).toBe(200);
    // The DIMO services themselves answer any host, as the real ones do.
    expect(await withHost("/auth/keys", "evil.example")).toBe(200);
  });

  it("still works for its own clients: JSON bodies, no Origin", async () => {
    expect((await suite.control.advanceClock(60)).offsetSeconds).toBe(60);
    expect((await suite.control.reset()).reset).toBe(true);
  });
});
