import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StubServer, reply, startStubServer } from "@/test-support/stub-server";
import type { ActivityEntry } from "@/lib/models";
import { curlCommand, placeholderHint, shellQuote } from "./curl-command";

/** The cURL commands, run through a real shell and curl against a recording server. */

const run = promisify(execFile);
let server: StubServer;

beforeAll(async () => {
  server = await startStubServer();
});
afterAll(() => server.close());

function record(overrides: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    id: "1-1",
    at: new Date(0).toISOString(),
    method: "GET",
    service: "trips",
    path: "/v1/vehicle/7/trips?page=2",
    url: `${server.url}/trips/v1/vehicle/7/trips?page=2`,
    status: 200,
    durationMs: 5,
    attempts: 1,
    cache: "none",
    tokenKind: "vehicle",
    tokenId: 7,
    replay: { headers: { accept: "application/json" }, bearer: "vehicle", notReplayable: null },
    ...overrides,
  };
}

async function send(command: string, token = "") {
  server.received.length = 0;
  server.script(reply(200, { ok: true }));
  await run("/bin/sh", ["-c", command], { env: { ...process.env, DIMO_TOKEN: token } });
  const received = server.received[0];
  if (received === undefined) throw new Error("the command sent nothing");
  return received;
}

describe("curlCommand", () => {
  it("sends the logged GET with the token from $DIMO_TOKEN", async () => {
    const result = curlCommand(record());
    if (!result.ok) throw new Error(result.reason);
    expect(result.command).toContain('-H "Authorization: Bearer $DIMO_TOKEN"');
    expect(result.bearer).toBe("vehicle");
    const received = await send(result.command, "eyJ.token.value");
    expect(received.method).toBe("GET");
    expect(received.url).toBe("/trips/v1/vehicle/7/trips?page=2");
    expect(received.headers.authorization).toBe("Bearer eyJ.token.value");
    expect(received.headers.accept).toBe("application/json");
  });

  it("sends a JSON body exactly, quotes and all, and pastes an exact token only when given one", async () => {
    const body = `{"query":"{ vehicle(tokenId: 7) { name } }","note":"it's \\"quoted\\" $HOME \`x\`"}`;
    const exchange = record({
      method: "POST",
      service: "tokenExchange",
      url: `${server.url}/token-exchange/v1/tokens/exchange`,
      replay: {
        headers: { accept: "application/json", "content-type": "application/json" },
        body,
        bearer: "developer",
        notReplayable: null,
      },
    });
    const result = curlCommand(exchange, "dev'token");
    if (!result.ok) throw new Error(result.reason);
    expect(result.command).not.toContain("$DIMO_TOKEN");
    const received = await send(result.command, "not this one");
    expect(received.method).toBe("POST");
    expect(received.body).toBe(body);
    expect(received.headers["content-type"]).toBe("application/json");
    expect(received.headers.authorization).toBe("Bearer dev'token");
  });

  it("sends a POST without a body with -X POST and no bearer when the call had none", async () => {
    const result = curlCommand(
      record({ method: "POST", replay: { headers: { accept: "application/json" }, notReplayable: null } }),
    );
    if (!result.ok) throw new Error(result.reason);
    expect(result.command).not.toContain("Authorization");
    expect(result.bearer).toBeNull();
    expect((await send(result.command)).method).toBe("POST");
  });

  it("refuses the challenge flow, cache hits and calls whose secrets were not kept, saying why", () => {
    const challenge = curlCommand(record({ service: "auth", replay: { headers: {}, notReplayable: null } }));
    expect(challenge).toEqual({ ok: false, reason: expect.stringMatching(/challenge flow.*API key/) });
    const hit = curlCommand(record({ cache: "hit", status: null, replay: undefined }));
    expect(hit).toEqual({ ok: false, reason: expect.stringMatching(/dashboard's cache/) });
    const hidden = curlCommand(record({ replay: { headers: {}, notReplayable: "a hidden query parameter" } }));
    expect(hidden).toEqual({ ok: false, reason: "a hidden query parameter" });
  });
});

describe("helpers", () => {
  it("shellQuote survives every awkward character", async () => {
    const word = `a'b"c $HOME \\ \`d\` !e`;
    const { stdout } = await run("/bin/sh", ["-c", `printf %s ${shellQuote(word)}`]);
    expect(stdout).toBe(word);
  });

  it("placeholderHint names the token to use", () => {
    expect(placeholderHint(record(), "vehicle")).toMatch(/Vehicle JWT of vehicle 7/);
    expect(placeholderHint(record(), "developer")).toMatch(/Developer JWT/);
  });
});
