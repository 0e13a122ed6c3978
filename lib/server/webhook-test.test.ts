import { createServer as createHttpServer } from "node:http";
import { type AddressInfo, createServer } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type * as Config from "@/lib/config";
import { type DashboardSession } from "@/lib/auth/session";
import { createWebhookAction, testWebhookTargetAction } from "@/lib/actions/webhooks";
import { MAX_TARGET_TESTS_PER_SESSION } from "./webhook-test";
import { type TestReceiver, startReceiver } from "@/sandbox/services/vehicle-triggers/test-receiver";
import { type InternalService, startInternalService } from "@/test-support/internal-service";
import { setUpSandbox } from "@/test-support/sandbox";
import { testTargetInput } from "./webhook-test";

/** "Test from the server": a sample CloudEvent to a real local receiver, through the guarded action. */

const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));
// The network mode, switched to custom for the tests of what a production server refuses.
const mode = vi.hoisted(() => ({ env: "sandbox" as "sandbox" | "custom" }));
vi.mock("@/lib/config", async (original) => {
  const actual = await original<typeof Config>();
  return { ...actual, getConfig: () => ({ ...actual.getConfig(), env: mode.env }) };
});

const SIGNED_IN: DashboardSession = {
  address: "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd",
  role: "admin",
  id: "session-1",
};

const suite = setUpSandbox({ pointApp: true });
let receiver: TestReceiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());
beforeEach(() => {
  auth.session = SIGNED_IN;
  mode.env = "sandbox";
  receiver.deliveries.length = 0;
});

let services: InternalService[] = [];
afterEach(async () => {
  await Promise.all(services.map((service) => service.close()));
  services = [];
});
async function internal(...args: Parameters<typeof startInternalService>) {
  const service = await startInternalService(...args);
  services.push(service);
  return service;
}

const request = (targetUrl: string) => ({
  targetUrl,
  service: "signals" as const,
  metricName: "vss.speed",
  condition: "valueNumber > 55",
  displayName: "Fast",
  webhookId: "wh-1",
});

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

describe("testWebhookTargetAction", () => {
  it("posts a CloudEvent shaped as DIMO's and reports the status and the start of the answer", async () => {
    const result = await testWebhookTargetAction(request(`${receiver.url}/hook`));
    expect(result).toMatchObject({ ok: true, data: { status: 200, ok: true, bodyStart: "ok" } });
    expect(receiver.deliveries).toHaveLength(1);
    expect(receiver.deliveries[0]?.body).toMatchObject({
      specversion: "1.0",
      type: "dimo.trigger",
      subject: expect.stringMatching(/^did:erc721:137:0x[0-9a-fA-F]{40}:\d+$/),
      id: expect.stringMatching(/^test-/),
      data: {
        service: "signals",
        metricName: "vss.speed",
        webhookId: "wh-1",
        webhookName: "Fast",
        condition: "valueNumber > 55",
        signal: { name: "speed", valueType: "float64", value: 88 },
      },
    });
  });

  it("reports how long the target took to answer, from the post to the end of the answer's start", async () => {
    const delayMs = 150;
    const slow = createHttpServer((_request, response) => {
      setTimeout(() => response.end("late"), delayMs);
    });
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = slow.address() as AddressInfo;
      const started = performance.now();
      const result = await testWebhookTargetAction(request(`http://127.0.0.1:${port}/hook`));
      const elapsedMs = performance.now() - started;
      expect(result).toMatchObject({ ok: true, data: { status: 200, bodyStart: "late" } });
      const durationMs = result.ok ? result.data.durationMs : -1;
      expect(durationMs).toBeGreaterThanOrEqual(delayMs - 1);
      expect(durationMs).toBeLessThanOrEqual(Math.ceil(elapsedMs));
    } finally {
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });

  it("reports a failing target's status and answer as DIMO would count it", async () => {
    const result = await testWebhookTargetAction(request(`${receiver.url}/fail`));
    expect(result).toMatchObject({ ok: true, data: { status: 500, ok: false, bodyStart: "broken" } });
  });

  it("says why nothing answered, without the target's address", async () => {
    const target = `http://127.0.0.1:${await closedPort()}/secret-path-123`;
    const result = await testWebhookTargetAction(request(target));
    expect(result).toMatchObject({ ok: true, data: { status: null, ok: false } });
    expect(JSON.stringify(result)).not.toContain("secret-path-123");
    expect(result.ok && result.data.bodyStart).toBe("could not POST to the target: could not connect");
  });

  it("takes a target address, a name and an id up to their limits, and refuses one a character longer", () => {
    const takes = (overrides: Record<string, unknown>) =>
      testTargetInput.safeParse({ ...request("https://example.com/hook"), ...overrides }).success;
    const url = (length: number) => `https://example.com/${"x".repeat(length - "https://example.com/".length)}`;
    expect(takes({ targetUrl: url(2_000), displayName: "x".repeat(100), webhookId: "x".repeat(100) })).toBe(true);
    expect(takes({ targetUrl: url(2_001) })).toBe(false);
    expect(takes({ displayName: "x".repeat(101) })).toBe(false);
    expect(takes({ webhookId: "x".repeat(101) })).toBe(false);
  });

  it("refuses http outside loopback and a caller without a session, sending nothing", async () => {
    expect(await testWebhookTargetAction(request("http://example.com/hook"))).toMatchObject({
      ok: false,
      error: { code: "INVALID_INPUT", message: /https/ },
    });
    auth.session = null;
    expect(await testWebhookTargetAction(request(`${receiver.url}/hook`))).toMatchObject({
      ok: false,
      error: { code: "UNAUTHENTICATED" },
    });
    expect(receiver.deliveries).toHaveLength(0);
  });
});

const notPublic = { status: null, ok: false, bodyStart: "could not POST to the target: the address is not public" };

describe("testWebhookTargetAction outside the sandbox", () => {
  beforeEach(() => {
    mode.env = "custom";
  });

  it("refuses an internal HTTPS service on loopback with the class of failure only, connecting to nothing", async () => {
    const service = await internal("https");
    for (const target of [`${service.origin}/secret`, `https://localhost:${service.port}/secret`]) {
      expect(await testWebhookTargetAction(request(target)), target).toEqual({
        ok: true,
        data: { ...notPublic, durationMs: expect.any(Number) },
      });
    }
    expect(service.connections).toBe(0);
  });

  it("refuses the odd spellings of loopback (2130706433, 0x7f.1, IPv4-mapped)", async () => {
    const service = await internal("https");
    for (const host of ["2130706433", "0x7f.1", "[::ffff:127.0.0.1]"]) {
      const result = await testWebhookTargetAction(request(`https://${host}:${service.port}/secret`));
      expect(result, host).toMatchObject({ ok: true, data: notPublic });
    }
    expect(service.connections).toBe(0);
  });

  it("refuses to register a webhook whose target is not public, before asking DIMO", async () => {
    const service = await internal("https");
    const result = await createWebhookAction({
      service: "signals",
      metricName: "vss.speed",
      condition: "valueNumber > 55",
      displayName: "Internal",
      coolDownPeriod: 0,
      targetUrl: `${service.origin}/hook`,
      verificationToken: "token",
    });
    expect(result).toMatchObject({
      ok: false,
      error: { code: "INVALID_INPUT", message: "The target cannot be used: the address is not public." },
    });
    expect(service.connections).toBe(0);
  });
});

describe("testWebhookTargetAction in the sandbox", () => {
  it("never reaches the sandbox's control surface: a test aimed at /__sandbox/reset resets nothing", async () => {
    await suite.control.advanceClock(600);
    const { port } = new URL(suite.url);
    for (const target of [
      `${suite.url}/__sandbox/reset`,
      `http://2130706433:${port}/__sandbox/reset`,
      `http://0x7f.1:${port}/__sandbox/reset`,
    ]) {
      expect(await testWebhookTargetAction(request(target)), target).toMatchObject({ ok: true, data: notPublic });
    }
    expect((await suite.control.clock()).offsetSeconds).toBe(600);
    await suite.control.resetClock();
  });

  it("says TLS failed, without the certificate's names or the address", async () => {
    const service = await internal("https");
    const result = await testWebhookTargetAction(request(`${service.origin}/secret`));
    expect(result).toMatchObject({
      ok: true,
      data: { status: null, bodyStart: "could not POST to the target: TLS failed" },
    });
    expect(JSON.stringify(result)).not.toMatch(/secret-internal|127\.0\.0\.1|self.signed/i);
  });

  it(`runs at most ${MAX_TARGET_TESTS_PER_SESSION} tests at once per session; the next is refused as busy`, async () => {
    const held: (() => void)[] = [];
    const service = await internal("http", (_request, response) => {
      held.push(() => response.end("done"));
    });
    const target = `${service.origin}/hook`;
    const running = Array.from({ length: MAX_TARGET_TESTS_PER_SESSION }, () =>
      testWebhookTargetAction(request(target)),
    );
    await vi.waitFor(() => expect(held).toHaveLength(MAX_TARGET_TESTS_PER_SESSION));

    expect(await testWebhookTargetAction(request(target))).toMatchObject({
      ok: false,
      error: { code: "RATE_LIMITED", message: expect.stringMatching(/^Busy: /), retryable: true },
    });
    auth.session = { ...SIGNED_IN, id: "session-2" };
    const other = testWebhookTargetAction(request(target));
    await vi.waitFor(() => expect(held).toHaveLength(MAX_TARGET_TESTS_PER_SESSION + 1));
    auth.session = SIGNED_IN;

    for (const release of held) release();
    for (const result of [...(await Promise.all(running)), await other]) {
      expect(result).toMatchObject({ ok: true, data: { status: 200, bodyStart: "done" } });
    }
    const after = testWebhookTargetAction(request(target));
    await vi.waitFor(() => expect(held).toHaveLength(MAX_TARGET_TESTS_PER_SESSION + 2));
    held.at(-1)?.();
    expect(await after).toMatchObject({ ok: true, data: { status: 200 } });
  });
});
