import { beforeAll, describe, expect, it } from "vitest";
import { privilegeInfo, VEHICLE_NFT_CONTRACT, vehicleDid } from "@/lib/protocol";
import { request, setUpSandbox } from "@/test-support/sandbox";
import { VEHICLE_IDS } from "../../seed/vehicles";
import { EVENT_NAMES, type TripWithEvents } from "../../telemetry/events";
import { isoMicros, micros, seededTripsWithEvents, telemetryQuery } from "@/test-support/sandbox-telemetry";
import { matchesArray, matchesString } from "./events";
import { localMidnight } from "./daily-activity";

const suite = setUpSandbox();
const DAY_US = 86_400e6;
const VEHICLE = VEHICLE_IDS.manyTrips;
const EVENT_FIELDS = "timestamp name source durationNs metadata";

interface EventRow {
  timestamp: string;
  name: string;
  source: string;
  durationNs: number;
  metadata: string | null;
}

describe("events, daily activity and attestations", () => {
  let nowUs: number;
  let token: string;
  let trip: TripWithEvents;

  beforeAll(async () => {
    // A standing clock: every answer below is a function of the seed and this moment.
    const clock = await suite.control.freezeClock(true);
    nowUs = Date.parse(clock.now) * 1000;
    token = await suite.vehicleJwt(VEHICLE, [1, 4]);
    const found = seededTripsWithEvents(suite.sandbox.dataDir, VEHICLE, EVENT_NAMES.harshBraking, 2, nowUs);
    expect(found.length).toBeGreaterThan(0);
    trip = found[0] as TripWithEvents;
  });

  const events = (from: number, to: number, filter = "", jwt = token, tokenId = VEHICLE) =>
    telemetryQuery<{ events: EventRow[] | null }>(
      suite,
      jwt,
      `{ events(tokenId: ${tokenId}, from: "${isoMicros(from)}", to: "${isoMicros(to)}"${filter}) { ${EVENT_FIELDS} } }`,
    );

  it("finds the trip with two harsh brakings, the same every time, newest first", async () => {
    const first = await events(trip.startUs, trip.endUs + 1);
    const again = await events(trip.startUs, trip.endUs + 1);
    expect(first.errors).toBeUndefined();
    expect(again.data).toEqual(first.data);
    const rows = first.data?.events ?? [];
    expect(rows.filter((e) => e.name === EVENT_NAMES.harshBraking)).toHaveLength(2);
    const total = Object.values(trip.counts).reduce((a, b) => a + b, 0);
    expect(rows).toHaveLength(total);
    const times = rows.map((e) => micros(e.timestamp));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const row of rows) {
      expect(micros(row.timestamp)).toBeGreaterThanOrEqual(trip.startUs);
      expect(micros(row.timestamp)).toBeLessThan(trip.endUs);
      expect(row.source).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect(row.durationNs).toBeGreaterThan(0);
      expect(row.durationNs).toBeLessThanOrEqual(2e9);
      expect(Object.values(EVENT_NAMES)).toContain(row.name);
    }
  });

  it("sums every event of the vehicle's life by name in dataSummary, as the events query finds them", async () => {
    interface Summary {
      name: string;
      numberOfEvents: number;
      firstSeen: string;
      lastSeen: string;
    }
    const answer = await telemetryQuery<{ dataSummary: { eventDataSummary: Summary[] } }>(
      suite,
      token,
      `{ dataSummary(tokenId: ${VEHICLE}) { eventDataSummary { name numberOfEvents firstSeen lastSeen } } }`,
    );
    expect(answer.errors).toBeUndefined();
    const summary = answer.data?.dataSummary.eventDataSummary ?? [];
    const names = summary.map((entry) => entry.name);
    expect(names).toEqual([...names].sort());
    expect(names).toContain(EVENT_NAMES.harshBraking);
    // The events query over the vehicle's whole life, a month at a time, finds the same counts and times.
    const firstUs = Math.min(...summary.map((entry) => micros(entry.firstSeen)));
    const found = new Map<string, number[]>();
    for (let from = firstUs; from < nowUs; from += 30 * DAY_US) {
      const window = await events(from, Math.min(nowUs, from + 30 * DAY_US));
      for (const row of window.data?.events ?? []) {
        found.set(row.name, [...(found.get(row.name) ?? []), micros(row.timestamp)]);
      }
    }
    expect([...found.keys()].sort()).toEqual(names);
    for (const entry of summary) {
      const times = found.get(entry.name) ?? [];
      expect(entry.numberOfEvents).toBe(times.length);
      expect(micros(entry.firstSeen)).toBe(Math.min(...times));
      expect(micros(entry.lastSeen)).toBe(Math.max(...times));
    }
  });

  it("filters by name, source and tags as the real filters do", async () => {
    const range = [trip.startUs, trip.endUs + 1] as const;
    const only = await events(...range, `, filter: {name: {eq: "${EVENT_NAMES.harshBraking}"}}`);
    expect(only.data?.events?.map((e) => e.name)).toEqual([EVENT_NAMES.harshBraking, EVENT_NAMES.harshBraking]);
    const prefix = await events(...range, `, filter: {name: {startsWith: "behavior.harshB"}}`);
    expect(prefix.data?.events).toHaveLength(2);
    const not = await events(...range, `, filter: {name: {neq: "${EVENT_NAMES.harshBraking}"}}`);
    expect(not.data?.events?.some((e) => e.name === EVENT_NAMES.harshBraking)).toBe(false);
    const elsewhere = await events(...range, `, filter: {source: {eq: "0x0000000000000000000000000000000000000001"}}`);
    expect(elsewhere.data?.events).toEqual([]);
    const tagged = await events(...range, `, filter: {tags: {containsAny: ["vehicle"]}}`);
    expect(tagged.data?.events).toEqual([]);

    const bad = await events(...range, `, filter: {name: {in: ["harshBraking"]}}`);
    expect(bad.data?.events).toBeNull();
    expect(bad.errors?.[0]).toMatchObject({
      message:
        "invalid argument: event name 'harshBraking' does not match namespace pattern (e.g. 'behavior.harshBraking')",
      extensions: { code: "BAD_REQUEST" },
    });
    const badPrefix = await events(...range, `, filter: {name: {startsWith: "behavior"}}`);
    expect(badPrefix.errors?.[0]?.message).toBe(
      "invalid argument: event name prefix 'behavior' does not match namespace pattern (e.g. 'behavior.' or 'behavior.harsh')",
    );
    const backwards = await events(trip.endUs, trip.startUs);
    expect(backwards.errors?.[0]?.message).toBe("invalid argument: from timestamp is after to timestamp");
  });

  it("combines a string filter's own conditions with AND and its `or` branches with OR", () => {
    expect(matchesString("a.b", { eq: "a.c", or: [{ eq: "a.b" }] })).toBe(true);
    expect(matchesString("a.b", { eq: "a.b", neq: "a.b" })).toBe(false);
    expect(matchesString("a.b", { or: [{ in: ["x.y"] }, { startsWith: "a." }] })).toBe(true);
    expect(matchesString("a.b", { notIn: ["a.b"], or: [] })).toBe(false);
    expect(matchesString("a.b", {})).toBe(true);
    expect(matchesArray(["x"], { containsAll: ["x", "y"], or: [{ containsAny: ["x"] }] })).toBe(true);
    expect(matchesArray([], { containsAny: [] })).toBe(true);
    expect(matchesArray(["x"], { notContainsAny: ["x"] })).toBe(false);
  });

  it("needs privileges 1 and 4, with the real words for the first one missing", async () => {
    const range = [trip.startUs, trip.endUs + 1] as const;
    const nonLocationOnly = await events(...range, "", await suite.vehicleJwt(VEHICLE, [1]));
    expect(nonLocationOnly.data?.events).toBeNull();
    expect(nonLocationOnly.errors?.[0]?.message).toBe(
      `unauthorized: missing required privilege(s) ${privilegeInfo(4).permission}`,
    );
    const locationOnly = await events(...range, "", await suite.vehicleJwt(VEHICLE, [4]));
    expect(locationOnly.errors?.[0]?.message).toBe(
      `unauthorized: missing required privilege(s) ${privilegeInfo(1).permission}`,
    );
    const anonymous = await events(...range, "", "");
    expect(anonymous.errors?.[0]?.message).toBe("unauthorized: jwt missing");
  });

  it("counts the trip's events in its segment", async () => {
    const answer = await telemetryQuery<{ segments: { start: { timestamp: string }; eventCounts: unknown[] }[] }>(
      suite,
      token,
      `{ segments(tokenId: ${VEHICLE}, from: "${isoMicros(trip.startUs)}", to: "${isoMicros(trip.endUs + 1)}",
         mechanism: ignitionDetection, eventRequests: [{name: "${EVENT_NAMES.harshBraking}"}, {name: "x.y"}]) {
         start { timestamp } eventCounts { name count } } }`,
    );
    expect(answer.errors).toBeUndefined();
    const segment = answer.data?.segments.find((s) => micros(s.start.timestamp) === trip.startUs);
    expect(segment?.eventCounts).toEqual([
      { name: EVENT_NAMES.harshBraking, count: 2 },
      { name: "x.y", count: 0 },
    ]);
  });

  interface Day {
    start: { timestamp: string };
    end: { timestamp: string };
    segmentCount: number;
    duration: number;
    eventCounts: { name: string; count: number }[];
  }
  const daily = (from: number, to: number, extra = "") =>
    telemetryQuery<{ dailyActivity: Day[] }>(
      suite,
      token,
      `{ dailyActivity(tokenId: ${VEHICLE}, from: "${isoMicros(from)}", to: "${isoMicros(to)}",
         mechanism: ignitionDetection${extra}) {
         start { timestamp } end { timestamp } segmentCount duration eventCounts { name count } } }`,
    );

  it("gives one day per local calendar day, counting the events of each", async () => {
    const tripDay = localMidnight("UTC", trip.startUs);
    const utc = await daily(tripDay - DAY_US, tripDay + DAY_US / 2);
    expect(utc.errors).toBeUndefined();
    const days = utc.data?.dailyActivity ?? [];
    expect(days.map((d) => micros(d.start.timestamp))).toEqual([tripDay - DAY_US, tripDay]);
    expect(days.map((d) => micros(d.end.timestamp))).toEqual([tripDay, tripDay + DAY_US]);
    const braking = (day: Day) => day.eventCounts.find((c) => c.name === EVENT_NAMES.harshBraking)?.count ?? 0;
    expect(braking(days[1] as Day)).toBeGreaterThanOrEqual(2);
    const inDay = await events(tripDay, tripDay + DAY_US, `, filter: {name: {eq: "${EVENT_NAMES.harshBraking}"}}`);
    expect(braking(days[1] as Day)).toBe(inDay.data?.events?.length);
    expect((days[1] as Day).segmentCount).toBeGreaterThan(0);
    expect((days[1] as Day).duration).toBeGreaterThan(0);

    const tokyo = await daily(tripDay, tripDay + DAY_US / 2, ', timezone: "Asia/Tokyo"');
    const tokyoDays = tokyo.data?.dailyActivity ?? [];
    // Tokyo is UTC+9 with no daylight saving: its days begin at 15:00 UTC.
    expect(tokyoDays.map((d) => micros(d.start.timestamp) % DAY_US)).toEqual(tokyoDays.map(() => 15 * 3_600e6));
    expect(tokyoDays.length).toBeGreaterThanOrEqual(1);
  });

  it("steps 24 hours at a time across a daylight-saving change, as the real service does", () => {
    // Berlin moved to summer time on 2026-03-29: local midnight of the 30th is 22:00 UTC on the 29th.
    const march28 = localMidnight("Europe/Berlin", Date.UTC(2026, 2, 28, 12) * 1000);
    expect(march28).toBe(Date.UTC(2026, 2, 27, 23) * 1000);
    expect(localMidnight("Europe/Berlin", Date.UTC(2026, 2, 30, 12) * 1000)).toBe(Date.UTC(2026, 2, 29, 22) * 1000);
  });

  it("refuses what the real service refuses, with its words", async () => {
    const day = localMidnight("UTC", nowUs);
    const cases: [string, string][] = [
      [', timezone: "Mars/Olympus"', 'invalid timezone "Mars/Olympus": unknown time zone Mars/Olympus'],
      [', timezone: "europe/berlin"', 'invalid timezone "europe/berlin": unknown time zone europe/berlin'],
    ];
    for (const [extra, message] of cases) {
      const answer = await daily(day - DAY_US, day, extra);
      expect(answer.errors?.[0]).toMatchObject({ message, extensions: { code: "BAD_REQUEST" } });
    }
    const idling = await telemetryQuery(
      suite,
      token,
      `{ dailyActivity(tokenId: ${VEHICLE}, from: "${isoMicros(day - DAY_US)}", to: "${isoMicros(day)}", mechanism: idling) { duration } }`,
    );
    expect(idling.errors?.[0]?.message).toBe(
      "dailyActivity does not accept mechanism idling; use ignitionDetection, frequencyAnalysis, or changePointDetection",
    );
    expect((await daily(day, day + 2 * DAY_US)).errors?.[0]?.message).toBe("to date cannot be in the future");
    expect((await daily(day, day - DAY_US)).errors?.[0]?.message).toBe("from date must be before to date");
    expect((await daily(day - 40 * DAY_US, day)).errors?.[0]?.message).toBe("date range exceeds maximum of 32 days");
  });

  it("serves the attestation service's credentials to a token whose cloud-events grant allows them", async () => {
    const vinToken = await suite.vehicleJwt(VEHICLE, [5]);
    const made = await request(`${suite.url}/attestation/v2/attestation/vin/${VEHICLE}`, {
      method: "POST",
      bearer: vinToken,
    });
    expect(made.status).toBe(200);
    const query = (filter = "") =>
      `{ attestations(tokenId: ${VEHICLE}${filter}) { id vehicleTokenId time attestation type source dataVersion producer signature tags } }`;

    const plain = await telemetryQuery<{ attestations: unknown }>(suite, token, query());
    expect(plain.data?.attestations).toBeNull();
    expect(plain.errors?.[0]).toMatchObject({ message: "invalid claims", extensions: { code: "UNAUTHORIZED" } });

    const granted = await grantedToken(VEHICLE, [{ eventType: "dimo.attestation", source: "*", ids: ["*"] }]);
    const answer = await telemetryQuery<{ attestations: Record<string, unknown>[] }>(suite, granted, query());
    expect(answer.errors).toBeUndefined();
    const [newest] = answer.data?.attestations ?? [];
    expect(newest).toMatchObject({
      vehicleTokenId: VEHICLE,
      type: "dimo.attestation",
      dataVersion: "vin/v1.0",
      tags: ["vehicle.vin", "vehicle"],
    });
    const event = JSON.parse(String(newest?.attestation)) as { subject: string; id: string };
    expect(event.subject).toBe(vehicleDid(VEHICLE));
    expect(event.id).toBe(newest?.id);

    const vin = await telemetryQuery<{ vinVCLatest: { rawVC: string } }>(
      suite,
      vinToken,
      `{ vinVCLatest(tokenId: ${VEHICLE}) { rawVC } }`,
    );
    expect(vin.data?.vinVCLatest.rawVC).toBe(newest?.attestation);

    const other = await telemetryQuery(suite, granted, query(', filter: {dataVersion: "vehicleodometer/v1.0.0"}'));
    expect(other.data).toEqual({ attestations: null });
    const none = await telemetryQuery(suite, granted, query(", filter: {limit: 0}"));
    expect(none.data).toEqual({ attestations: null });
    const badSource = await telemetryQuery(suite, granted, query(', filter: {source: "0x12"}'));
    expect(badSource.status).toBe(422);
    const noVehicle = await telemetryQuery(suite, granted, "{ attestations { id } }");
    expect(noVehicle.errors?.[0]?.message).toBe("asset or tokenId is required");
    const idOnly = await grantedToken(VEHICLE, [{ eventType: "dimo.attestation", source: "*", ids: ["other"] }]);
    expect((await telemetryQuery(suite, idOnly, query())).errors?.[0]?.message).toBe("invalid claims");
  });

  async function grantedToken(tokenId: number, events: { eventType: string; source: string; ids: string[] }[]) {
    const iat = Math.floor(nowUs / 1e6);
    return suite.signWithSandboxKey("token-exchange", {
      iss: `${suite.url}/token-exchange`,
      sub: "0x0000000000000000000000000000000000000001",
      aud: ["dimo.zone"],
      iat,
      exp: iat + 600,
      token_id: String(tokenId),
      contract_address: VEHICLE_NFT_CONTRACT.toLowerCase(),
      privilege_ids: [1, 4],
      asset: vehicleDid(tokenId),
      permissions: [privilegeInfo(1).permission, privilegeInfo(4).permission],
      cloud_events: { events },
    });
  }
});
