import { createServer as createHttpServer } from "node:http";
import { type AddressInfo, createServer } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type DashboardSession } from "@/lib/auth/session";
import { testWebhookTargetAction } from "@/lib/actions/webhooks";
import { type TestReceiver, startReceiver } from "@/sandbox/services/vehicle-triggers/test-receiver";
import { setUpSandbox } from "@/test-support/sandbox";

/** "Test from the server": a sample CloudEvent to a real local receiver, through the guarded action. */

const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));

const SIGNED_IN: DashboardSession = { address: "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd", role: "admin" };

setUpSandbox({ pointApp: true });
let receiver: TestReceiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());
beforeEach(() => {
  auth.session = SIGNED_IN;
  receiver.deliveries.length = 0;
});

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
    expect(result.ok && result.data.bodyStart).toMatch(/could not POST to the target/);
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
