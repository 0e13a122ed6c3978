import { createServer, type Server } from "node:http";
import { type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { INTERNAL_SECRET, type InternalService, startInternalService } from "@/test-support/internal-service";
import { OUTBOUND_FAILURE_WORDS, OutboundFailure, type OutboundPolicy, checkTarget, postJson } from "./outbound";

/** Over real HTTP: the outbound guard against services on this machine, as a production server's network sees them. */

const PUBLIC_ONLY: OutboundPolicy = { allowLoopback: false, refusedLoopbackPorts: new Set() };
const sandboxPolicy = (...refused: number[]): OutboundPolicy => ({
  allowLoopback: true,
  refusedLoopbackPorts: new Set(refused),
});
const OPTIONS = { timeoutMs: 5_000, maxChars: 500 };

let services: InternalService[] = [];
afterEach(async () => {
  await Promise.all(services.map((service) => service.close()));
  services = [];
});

async function internal(protocol: "https" | "http", ...args: Parameters<typeof startInternalService>[1][]) {
  const service = await startInternalService(protocol, ...args);
  services.push(service);
  return service;
}

/** The failure a post ended with, or the answer it got. */
async function outcome(url: string, policy: OutboundPolicy, options = OPTIONS) {
  try {
    return await postJson(url, "{}", { ...options, policy });
  } catch (error) {
    if (error instanceof OutboundFailure) return { failure: error.kind, message: error.message };
    throw error;
  }
}

describe("postJson outside the sandbox", () => {
  it("refuses an internal HTTPS service on loopback, by address or by name, before connecting", async () => {
    const service = await internal("https");
    for (const origin of [service.origin, `https://localhost:${service.port}`]) {
      expect(await outcome(`${origin}/secret`, PUBLIC_ONLY)).toEqual({
        failure: "not-public",
        message: "the address is not public",
      });
    }
    expect(service.connections).toBe(0);
  });

  it("refuses the odd spellings of loopback that the URL parser normalises", async () => {
    const service = await internal("http");
    for (const host of ["2130706433", "0x7f.1", "0177.0.0.1", "127.1", "[::ffff:127.0.0.1]", "[::1]"]) {
      const answer = await outcome(`https://${host}:${service.port}/secret`, PUBLIC_ONLY);
      expect(answer, host).toEqual({ failure: "not-public", message: OUTBOUND_FAILURE_WORDS["not-public"] });
    }
    expect(service.connections).toBe(0);
  });

  it("refuses private, shared, link-local and unspecified addresses without connecting", async () => {
    for (const host of ["10.0.0.1", "100.64.0.1", "169.254.169.254", "192.168.1.1", "0.0.0.0", "[fe80::1]"]) {
      await expect(checkTarget(new URL(`https://${host}/`), PUBLIC_ONLY), host).rejects.toMatchObject({
        kind: "not-public",
      });
    }
  });
});

describe("postJson in the sandbox", () => {
  it("reaches this machine, reads only the start of the answer, and sends the URL's own Host", async () => {
    let host: string | undefined;
    const service = await internal("http", (request, response) => {
      host = request.headers.host;
      response.end(`${INTERNAL_SECRET}${"x".repeat(10_000)}`);
    });
    const answer = await outcome(`http://localhost:${service.port}/hook`, sandboxPolicy());
    expect(answer).toEqual({ status: 200, bodyStart: `${INTERNAL_SECRET}${"x".repeat(500 - INTERNAL_SECRET.length)}` });
    expect(host).toBe(`localhost:${service.port}`);
  });

  it("never reaches the sandbox's own ports, however the address is written", async () => {
    const service = await internal("http");
    for (const host of ["127.0.0.1", "localhost", "2130706433", "0x7f.1", "[::ffff:7f00:1]"]) {
      const answer = await outcome(`http://${host}:${service.port}/__sandbox/reset`, sandboxPolicy(service.port));
      expect(answer, host).toMatchObject({ failure: "not-public" });
    }
    expect(service.connections).toBe(0);
  });

  it("says TLS failed, naming neither the certificate's names nor the address", async () => {
    const service = await internal("https");
    const answer = await outcome(`${service.origin}/secret`, sandboxPolicy());
    expect(answer).toEqual({ failure: "tls", message: "TLS failed" });
    expect(service.connections).toBe(1);
  });

  it("says TLS failed for a port that does not speak TLS", async () => {
    const service = await internal("http");
    expect(await outcome(`https://127.0.0.1:${service.port}/`, sandboxPolicy())).toEqual({
      failure: "tls",
      message: "TLS failed",
    });
  });

  it("says could not connect for a closed port, and timed out for a silent one", async () => {
    const closed = await internal("http");
    const closedUrl = `${closed.origin}/`;
    await closed.close();
    services = [];
    expect(await outcome(closedUrl, sandboxPolicy())).toEqual({ failure: "connect", message: "could not connect" });

    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`;
      const started = performance.now();
      expect(await outcome(url, sandboxPolicy(), { ...OPTIONS, timeoutMs: 200 })).toEqual({
        failure: "timeout",
        message: "timed out",
      });
      expect(performance.now() - started).toBeLessThan(2_000);
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("says the name did not resolve for a name nobody serves", async () => {
    expect(await outcome("https://no-such-host.invalid/", sandboxPolicy())).toEqual({
      failure: "unresolved",
      message: "the name did not resolve",
    });
  });
});
