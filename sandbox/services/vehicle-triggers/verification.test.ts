import { createServer, type Server, type ServerResponse } from "node:http";
import { type AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { request, setUpSandbox } from "@/test-support/sandbox";
import { verificationRefusal } from "./target";

/** Over real HTTP: the registration's verification call reads little of the answer and quotes none of it. */

const SECRET = "internal-service-secret-7f3a";
let servers: Server[] = [];

/** A local service answering every POST with `write`, for as long as it likes. */
async function startService(write: (response: ServerResponse) => void): Promise<string> {
  const server = createServer((_request, response) => write(response));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/secret`;
}

afterEach(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  servers = [];
});

describe("verificationRefusal", () => {
  it("refuses an answer that is not the token without quoting it", async () => {
    const target = await startService((response) => response.writeHead(200).end(`${SECRET}\n`));
    const refusal = await verificationRefusal(target, "the-token");
    expect(refusal).toEqual({
      status: 400,
      message: "verification token mismatch: the target did not answer with the verification token",
    });
    expect(JSON.stringify(refusal)).not.toContain(SECRET);
  });

  it("stops reading an endless answer at once, instead of waiting out the timeout", async () => {
    const target = await startService((response) => {
      response.writeHead(200);
      const chunk = `${SECRET}`.repeat(100);
      const pump = () => {
        while (response.write(chunk));
        response.once("drain", pump);
      };
      pump();
    });
    const started = performance.now();
    const refusal = await verificationRefusal(target, "the-token");
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(refusal?.status).toBe(400);
    expect(refusal?.message).not.toContain(SECRET);
  });

  it("accepts the token with white space around it, and a token of up to the read limit", async () => {
    const token = "t".repeat(1_024);
    const target = await startService((response) => response.writeHead(200).end(`  ${token.slice(0, 1_020)}\n`));
    expect(await verificationRefusal(target, token.slice(0, 1_020))).toBeNull();
    const longest = await startService((response) => response.writeHead(200).end(token));
    expect(await verificationRefusal(longest, token)).toBeNull();
    const longer = await startService((response) => response.writeHead(200).end(`${token}t`));
    expect(await verificationRefusal(longer, `${token}t`)).toMatchObject({ status: 400 });
  });
});

describe("a webhook aimed at the sandbox's own control surface", () => {
  const suite = setUpSandbox();

  beforeEach(async () => {
    await suite.control.reset();
  });

  it("is refused and resets nothing: the verification call does not carry the control header", async () => {
    await suite.control.advanceClock(3_600);
    const jwt = await suite.developerJwt();
    const created = await request(`${suite.url}/vehicle-triggers/v1/webhooks`, {
      method: "POST",
      bearer: jwt,
      json: {
        service: "signals",
        metricName: "vss.speed",
        condition: "valueNumber > 100",
        coolDownPeriod: 0,
        targetURL: `${suite.url}/__sandbox/reset`,
        status: "enabled",
        verificationToken: "anything",
      },
    });
    expect(created).toMatchObject({
      status: 400,
      body: { message: "Target URL did not return status 200 (got 403)" },
    });
    expect((await suite.control.clock()).offsetSeconds).toBe(3_600);
  });
});
