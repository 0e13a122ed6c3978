import { beforeEach, describe, expect, it } from "vitest";
import { DIMO_RATE_LIMITS } from "@/lib/protocol";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { count, testClient } from "@/test-support/dimo-client";
import { setUpSandbox } from "@/test-support/sandbox";
import { type DimoError } from "./errors";
import { FETCH_LIST_MAX } from "./fetch/events";
import { MemoryPacer } from "./pacer";

/** The Fetch API's part of the client against a sandbox: its token, its activity entries, pacing and long walks. */

const sandbox = setUpSandbox();
const RAW = VEHICLE_IDS.rawDataCombustion;
const NO_RAW = VEHICLE_IDS.manyTrips;

beforeEach(async () => {
  await sandbox.control.resetStats();
});

describe("the Fetch API client", () => {
  it("asks the exchange for raw data where the grant has it, and logs each query against the vehicle", async () => {
    const { client, activity } = testClient(sandbox.url);
    const types = await client.listRawEventTypes(RAW);
    expect(types.map((summary) => summary.type)).toContain("dimo.status");
    const exchange = activity.find((entry) => entry.service === "tokenExchange" && entry.method === "POST");
    expect(JSON.parse(exchange?.replay?.body ?? "{}")).toMatchObject({ privileges: expect.arrayContaining([7]) });
    const queries = activity.filter((entry) => entry.service === "fetch");
    expect(queries).toHaveLength(1);
    expect(queries[0]).toMatchObject({ method: "POST", path: "/query", tokenId: RAW, status: 200 });
    expect(JSON.stringify(queries[0])).not.toMatch(/eyJ[\w-]+\.eyJ/);
  });

  it("refuses a vehicle without raw data before any request", async () => {
    const { client } = testClient(sandbox.url);
    const error = await client.listRawEventTypes(NO_RAW).then(
      () => null,
      (reason: unknown) => reason as DimoError,
    );
    expect(error?.code).toBe("PRIVILEGE_MISSING");
    expect(count(await sandbox.control.stats(), "/fetch/query")).toBe(0);
  });

  it("walks past the service's largest page by time, every event once, newest first", async () => {
    const { client } = testClient(sandbox.url);
    const ids: string[] = [];
    const times: number[] = [];
    const walked = await client.walkRawEvents(
      RAW,
      { type: "dimo.status" },
      {
        max: FETCH_LIST_MAX + 5,
        onEvents: (lines) => {
          for (const line of lines) {
            ids.push(String(line.id));
            times.push(Date.parse(String(line.time)));
          }
        },
      },
    );
    expect(walked).toEqual({ count: FETCH_LIST_MAX + 5, capped: true });
    expect(new Set(ids).size).toBe(ids.length);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(count(await sandbox.control.stats(), "/fetch/query")).toBe(2);
  });

  it("paces its queries under the service's limit", async () => {
    const turns: string[] = [];
    const pacer = new MemoryPacer({ limits: DIMO_RATE_LIMITS });
    const { client } = testClient(sandbox.url, {
      pacer: { turn: (service) => (turns.push(service), pacer.turn(service)) },
    });
    await client.listRawEventTypes(RAW);
    expect(DIMO_RATE_LIMITS.fetch).toBeGreaterThan(0);
    expect(turns).toContain("fetch");
  });
});
