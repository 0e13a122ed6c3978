import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HttpSettings } from "../http";
import { type TelemetryTarget, fetchLocationHistory } from ".";
import { type StubServer, reply, startStubServer } from "@/test-support/stub-server";

/** One location signal's history against a scripted Telemetry API: what it asks for and how it reads the rows. */

let server: StubServer;
beforeAll(async () => {
  server = await startStubServer();
});
afterAll(() => server.close());

const http: HttpSettings = {
  fetch: (input, init) => globalThis.fetch(input, init),
  timeoutMs: 1_000,
  retry: { attempts: 1, baseDelayMs: 5, maxDelayMs: 10, retryAfterCapMs: 100 },
  onActivity: () => undefined,
  secrets: [],
};
const target = (): TelemetryTarget => ({ http, baseUrl: `${server.url}/telemetry`, token: "t", tokenId: 7 });
const WINDOW = { interval: "1ms", from: "2026-11-19T00:00:00Z", to: "2026-11-26T00:00:00Z" } as const;
const lastQuery = () => (JSON.parse(server.received.at(-1)?.body ?? "{}") as { query: string }).query;

describe("fetchLocationHistory", () => {
  it("asks for the one location signal, with the HDOP only when asked, and reads the fixes oldest first", async () => {
    server.script(
      reply(200, {
        data: {
          signals: [
            { timestamp: "2026-11-20T10:00:02Z", currentLocationCoordinates: { latitude: 1, longitude: 2, hdop: 0.9 } },
            { timestamp: "2026-11-20T10:00:01Z", currentLocationCoordinates: { latitude: 3, longitude: 4, hdop: 1.2 } },
            { timestamp: "2026-11-20T10:00:03Z", currentLocationCoordinates: null },
          ],
        },
      }),
    );
    const history = await fetchLocationHistory(target(), {
      signal: "currentLocationCoordinates",
      aggregation: "LAST",
      withHdop: true,
      ...WINDOW,
    });
    expect(lastQuery()).toContain("currentLocationCoordinates(agg: LAST) { latitude longitude hdop }");
    expect(lastQuery()).not.toContain("speed");
    expect(history.points).toEqual([
      {
        timestamp: "2026-11-20T10:00:01Z",
        at: Date.parse("2026-11-20T10:00:01Z"),
        latitude: 3,
        longitude: 4,
        hdop: 1.2,
      },
      {
        timestamp: "2026-11-20T10:00:02Z",
        at: Date.parse("2026-11-20T10:00:02Z"),
        latitude: 1,
        longitude: 2,
        hdop: 0.9,
      },
    ]);

    server.script(
      reply(200, {
        data: {
          signals: [{ timestamp: "2026-11-20T10:00:01Z", currentLocationCoordinates: { latitude: 3, longitude: 4 } }],
        },
      }),
    );
    const plain = await fetchLocationHistory(target(), {
      signal: "currentLocationCoordinates",
      aggregation: "LAST",
      withHdop: false,
      ...WINDOW,
    });
    expect(lastQuery()).toContain("currentLocationCoordinates(agg: LAST) { latitude longitude }");
    expect(plain.points[0]?.hdop).toBeNull();
  });

  it("refuses a signal that is not a location before asking anything", async () => {
    const before = server.received.length;
    await expect(
      fetchLocationHistory(target(), { signal: "speed", aggregation: "LAST", withHdop: false, ...WINDOW }),
    ).rejects.toThrow(/not a location signal/);
    expect(server.received.length).toBe(before);
  });
});
