import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ActivityInput } from "./activity";
import { DimoError } from "./errors";
import { type HttpSettings } from "./http";
import { describeError } from "./describe-error";
import { type TelemetryTarget, fetchHistory, fetchLatest, fetchSegments, fetchVin } from "./telemetry";
import { type StubServer, reply, startStubServer } from "@/test-support/stub-server";

/**
 * The Telemetry API client against a scripted HTTP server: what it sends, how it reads partial answers with
 * per-field privilege refusals, and that every failure is a DimoError whose words hold no token.
 */

const JWT = "eyJhbGciOiJFUzI1NiJ9.eyJ0b2tlbl9pZCI6N30.c2lnbmF0dXJlLXNlY3JldA";

let server: StubServer;
let activity: ActivityInput[];

const http = (): HttpSettings => ({
  fetch: (input, init) => globalThis.fetch(input, init),
  timeoutMs: 1_000,
  retry: { attempts: 2, baseDelayMs: 5, maxDelayMs: 10, retryAfterCapMs: 100 },
  onActivity: (entry) => {
    activity.push(entry);
  },
  secrets: [],
});

const target = (): TelemetryTarget => ({ http: http(), baseUrl: `${server.url}/telemetry`, token: JWT, tokenId: 7 });

async function failure(promise: Promise<unknown>): Promise<DimoError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DimoError);
  return error as DimoError;
}

const sent = (index = 0) =>
  JSON.parse(server.received[index]?.body ?? "{}") as { query: string; variables: Record<string, unknown> };

const refusal = (field: (string | number)[], privilege: string) => ({
  message: `unauthorized: token does not have required privilege(s) ${privilege}`,
  path: field,
  extensions: { code: "UNAUTHORIZED" },
});

beforeAll(async () => {
  server = await startStubServer();
});
afterAll(() => server.close());
beforeEach(() => {
  activity = [];
});

describe("fetchLatest", () => {
  it("posts one query with the Vehicle JWT and variables to /query, asking only for the signals named", async () => {
    server.script(
      reply(200, {
        data: {
          signalsLatest: {
            lastSeen: "2026-11-22T10:00:00Z",
            speed: { timestamp: "2026-11-22T09:59:58Z", value: 42.5 },
            powertrainType: { timestamp: "2026-11-22T09:00:00Z", value: "BEV" },
          },
          availableSignals: ["speed", "powertrainType"],
          dataSummary: { numberOfSignals: 1234, firstSeen: "2025-01-01T00:00:00Z", lastSeen: "2026-11-22T10:00:00Z" },
        },
      }),
    );
    const latest = await fetchLatest(target(), { signals: ["speed", "powertrainType"] });

    const request = server.received[0];
    expect(request?.method).toBe("POST");
    expect(request?.url).toBe("/telemetry/query");
    expect(request?.headers.authorization).toBe(`Bearer ${JWT}`);
    expect(sent().variables).toEqual({ tokenId: 7 });
    expect(sent().query).toMatch(/signalsLatest\(tokenId: \$tokenId\)/);
    expect(sent().query).toMatch(/speed \{ timestamp value \}/);
    expect(sent().query).not.toMatch(/currentLocationCoordinates/);
    expect(latest).toEqual({
      lastSeen: "2026-11-22T10:00:00Z",
      signals: [
        { name: "speed", timestamp: "2026-11-22T09:59:58Z", value: 42.5 },
        { name: "powertrainType", timestamp: "2026-11-22T09:00:00Z", value: "BEV" },
      ],
      availableSignals: ["speed", "powertrainType"],
      summary: { numberOfSignals: 1234, firstSeen: "2025-01-01T00:00:00Z", lastSeen: "2026-11-22T10:00:00Z" },
      refused: [],
    });
    // One activity entry, for the vehicle, with no token in it.
    expect(activity).toHaveLength(1);
    expect(activity[0]).toMatchObject({ service: "telemetry", tokenId: 7, tokenKind: "vehicle", status: 200 });
    expect(JSON.stringify(activity)).not.toContain(JWT);
  });

  it("keeps the data that came when the service refuses some fields, and records which", async () => {
    server.script(
      reply(200, {
        data: {
          signalsLatest: {
            lastSeen: "2026-11-22T10:00:00Z",
            speed: { timestamp: "2026-11-22T09:59:58Z", value: 12 },
            currentLocationCoordinates: null,
          },
          availableSignals: ["speed", "currentLocationCoordinates"],
          dataSummary: null,
        },
        errors: [
          refusal(["signalsLatest", "currentLocationCoordinates"], "VEHICLE_ALL_TIME_LOCATION"),
          refusal(["dataSummary"], "VEHICLE_NON_LOCATION_DATA"),
        ],
      }),
    );
    const latest = await fetchLatest(target(), { signals: ["speed", "currentLocationCoordinates"] });
    expect(latest.signals).toEqual([{ name: "speed", timestamp: "2026-11-22T09:59:58Z", value: 12 }]);
    expect(latest.summary).toBeNull();
    expect(latest.refused).toEqual([
      { field: "currentLocationCoordinates", reason: expect.stringContaining("VEHICLE_ALL_TIME_LOCATION") },
      { field: "dataSummary", reason: expect.stringContaining("VEHICLE_NON_LOCATION_DATA") },
    ]);
  });

  it("reads the real service's answer for a vehicle with no data as never seen", async () => {
    server.script(
      reply(200, {
        data: {
          signalsLatest: { lastSeen: "0001-01-01T00:00:00Z" },
          availableSignals: [],
          dataSummary: { numberOfSignals: 0, firstSeen: "2026-11-22T10:00:00Z", lastSeen: "1900-01-01T00:00:00Z" },
        },
      }),
    );
    const latest = await fetchLatest(target(), { signals: ["speed"] });
    expect(latest).toMatchObject({
      lastSeen: null,
      signals: [],
      availableSignals: [],
      summary: { numberOfSignals: 0, firstSeen: null, lastSeen: null },
    });
  });

  it("reads locations as latitude and longitude", async () => {
    server.script(
      reply(200, {
        data: {
          signalsLatest: {
            lastSeen: "2026-11-22T10:00:00Z",
            currentLocationApproximateCoordinates: {
              timestamp: "2026-11-22T09:00:00Z",
              value: { latitude: 36.1, longitude: -115.2, hdop: null },
            },
          },
          availableSignals: null,
          dataSummary: null,
        },
      }),
    );
    const latest = await fetchLatest(target(), { signals: ["currentLocationApproximateCoordinates"] });
    expect(sent().query).toMatch(
      /currentLocationApproximateCoordinates \{ timestamp value \{ latitude longitude hdop \} \}/,
    );
    expect(latest.signals).toEqual([
      {
        name: "currentLocationApproximateCoordinates",
        timestamp: "2026-11-22T09:00:00Z",
        value: { latitude: 36.1, longitude: -115.2 },
      },
    ]);
  });

  it("turns an answer refused as a whole into PRIVILEGE_MISSING, in words with no token", async () => {
    server.script(
      reply(200, { data: null, errors: [refusal(["signalsLatest"], `VEHICLE_NON_LOCATION_DATA for Bearer ${JWT}`)] }),
    );
    const error = await failure(fetchLatest(target(), { signals: ["speed"] }));
    expect(error.code).toBe("PRIVILEGE_MISSING");
    expect(error.service).toBe("telemetry");
    expect(error.message).toMatch(/refused the latest signals.*VEHICLE_NON_LOCATION_DATA/);
    expect(error.message).not.toContain(JWT);
    expect(describeError(error).message).not.toContain(JWT);
  });

  it("fails on a GraphQL error that is not a refusal, even beside data", async () => {
    server.script(
      reply(200, {
        data: { signalsLatest: { lastSeen: null }, availableSignals: [], dataSummary: null },
        errors: [{ message: "internal error: clickhouse unavailable", path: ["dataSummary"] }],
      }),
    );
    const error = await failure(fetchLatest(target(), { signals: ["speed"] }));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.retryable).toBe(false);
    expect(describeError(error).message).toMatch(
      /^DIMO's telemetry service refused the request \(200\): internal error: clickhouse unavailable\. /,
    );
  });

  it("turns a malformed answer into INVALID_RESPONSE naming the field, not its value", async () => {
    server.script(reply(200, { data: { signalsLatest: { lastSeen: "x", speed: { timestamp: "t", value: JWT } } } }));
    const error = await failure(fetchLatest(target(), { signals: ["speed"] }));
    expect(error.code).toBe("INVALID_RESPONSE");
    expect(error.message).toMatch(/data\.signalsLatest\.speed\.value/);
    expect(error.message).not.toContain(JWT);
    expect(describeError(error).message).toMatch(
      /^DIMO's telemetry service sent an answer the dashboard could not read\. DIMO may have changed its answer\./,
    );
  });

  it("passes an HTTP refusal of the token on as UNAUTHORIZED (the token manager then exchanges again)", async () => {
    server.script(reply(401, { message: "invalid or expired token" }));
    const error = await failure(fetchLatest(target(), { signals: ["speed"] }));
    expect(error.code).toBe("UNAUTHORIZED");
    expect(error.status).toBe(401);
  });
});

describe("fetchHistory", () => {
  it("asks for one aggregated signal per interval and returns the buckets oldest first, skipping empty ones", async () => {
    server.script(
      reply(200, {
        data: {
          signals: [
            { timestamp: "2026-11-22T01:00:00Z", speed: 30 },
            { timestamp: "2026-11-22T00:00:00Z", speed: 10 },
            { timestamp: "2026-11-22T02:00:00Z", speed: null },
          ],
        },
      }),
    );
    const history = await fetchHistory(target(), {
      signal: "speed",
      aggregation: "MAX",
      interval: "1h",
      from: "2026-11-21T03:00:00Z",
      to: "2026-11-22T03:00:00Z",
    });
    expect(sent().query).toMatch(
      /signals\(tokenId: \$tokenId, interval: \$interval, from: \$from, to: \$to\) \{ timestamp speed\(agg: MAX\) \}/,
    );
    expect(sent().variables).toEqual({
      tokenId: 7,
      interval: "1h",
      from: "2026-11-21T03:00:00Z",
      to: "2026-11-22T03:00:00Z",
    });
    expect(history.points).toEqual([
      { timestamp: "2026-11-22T00:00:00Z", value: 10 },
      { timestamp: "2026-11-22T01:00:00Z", value: 30 },
    ]);
  });

  it("refuses a signal that is not numeric and an interval that is not a duration before any request", async () => {
    server.script(reply(200, {}));
    const base = { aggregation: "AVG", from: "2026-11-21T00:00:00Z", to: "2026-11-22T00:00:00Z" } as const;
    await expect(
      fetchHistory(target(), { ...base, signal: "currentLocationCoordinates", interval: "1h" }),
    ).rejects.toThrow(/not a numeric signal/);
    await expect(fetchHistory(target(), { ...base, signal: "speed", interval: "1d) { x }" })).rejects.toThrow(
      /interval must be a duration/,
    );
    expect(server.received).toHaveLength(0);
  });

  it("turns a refused history into PRIVILEGE_MISSING", async () => {
    server.script(
      reply(200, { data: { signals: null }, errors: [refusal(["signals", 0, "speed"], "VEHICLE_NON_LOCATION_DATA")] }),
    );
    const error = await failure(
      fetchHistory(target(), {
        signal: "speed",
        aggregation: "AVG",
        interval: "5m",
        from: "2026-11-21T00:00:00Z",
        to: "2026-11-22T00:00:00Z",
      }),
    );
    expect(error.code).toBe("PRIVILEGE_MISSING");
    expect(error.message).toMatch(/history of speed/);
  });
});

describe("fetchVin", () => {
  it("reads the VIN credential, and null when the vehicle has none", async () => {
    server.script(
      reply(200, {
        data: {
          vinVCLatest: {
            vin: "5YJ3E1EA7KF000001",
            recordedAt: "2026-01-01T00:00:00Z",
            countryCode: "USA",
            validFrom: null,
            validTo: null,
          },
        },
      }),
      reply(200, { data: { vinVCLatest: null } }),
    );
    expect(await fetchVin(target())).toEqual({
      vin: "5YJ3E1EA7KF000001",
      recordedAt: "2026-01-01T00:00:00Z",
      countryCode: "USA",
      validFrom: null,
      validTo: null,
    });
    expect(sent().query).toMatch(/vinVCLatest\(tokenId: \$tokenId\)/);
    expect(await fetchVin(target())).toBeNull();
  });

  it("turns a refusal into PRIVILEGE_MISSING", async () => {
    server.script(
      reply(200, { data: { vinVCLatest: null }, errors: [refusal(["vinVCLatest"], "VEHICLE_VIN_CREDENTIAL")] }),
    );
    expect((await failure(fetchVin(target()))).code).toBe("PRIVILEGE_MISSING");
  });
});

describe("fetchSegments", () => {
  const segment = (start: string, end: string | null) => ({
    start: { timestamp: start, value: { latitude: 1, longitude: 2 } },
    end: end ? { timestamp: end, value: { latitude: 3, longitude: 4 } } : null,
    duration: 600,
    isOngoing: end === null,
    startedBeforeRange: false,
  });

  it("pages by the last segment's start when a page is full, and stops when it is not", async () => {
    server.script(
      reply(200, {
        data: {
          segments: [
            segment("2026-11-01T00:00:00Z", "2026-11-01T00:10:00Z"),
            segment("2026-11-02T00:00:00Z", "2026-11-02T00:10:00Z"),
          ],
        },
      }),
      reply(200, { data: { segments: [segment("2026-11-03T00:00:00Z", null)] } }),
    );
    const range = { from: "2026-10-23T00:00:00Z", to: "2026-11-22T00:00:00Z" };
    const first = await fetchSegments(target(), { ...range, limit: 2 });
    expect(sent(0).query).toMatch(/mechanism: ignitionDetection/);
    expect(sent(0).variables).toEqual({ tokenId: 7, ...range, limit: 2, after: null });
    expect(first.nextAfter).toBe("2026-11-02T00:00:00Z");
    expect(first.segments[0]).toEqual({
      start: { time: "2026-11-01T00:00:00Z", location: { latitude: 1, longitude: 2 } },
      end: { time: "2026-11-01T00:10:00Z", location: { latitude: 3, longitude: 4 } },
      durationSeconds: 600,
      isOngoing: false,
      startedBeforeRange: false,
    });

    const second = await fetchSegments(target(), { ...range, limit: 2, after: first.nextAfter ?? undefined });
    expect(sent(1).variables.after).toBe("2026-11-02T00:00:00Z");
    expect(second).toEqual({ segments: [expect.objectContaining({ end: null, isOngoing: true })], nextAfter: null });
  });

  it("keeps the limit within what the service accepts", async () => {
    server.script(reply(200, { data: { segments: [] } }));
    await fetchSegments(target(), { from: "2026-10-23T00:00:00Z", to: "2026-11-22T00:00:00Z", limit: 5_000 });
    expect(sent().variables.limit).toBe(200);
  });

  it("turns a GraphQL error (a range over 31 days, say) into a DimoError that quotes it", async () => {
    server.script(
      reply(200, { data: null, errors: [{ message: "the time range must not exceed 31 days", path: ["segments"] }] }),
    );
    const error = await failure(
      fetchSegments(target(), { from: "2026-09-01T00:00:00Z", to: "2026-11-22T00:00:00Z", limit: 100 }),
    );
    expect(error.code).toBe("BAD_REQUEST");
    expect(describeError(error).message).toMatch(/31 days/);
  });
});
