import { beforeAll, describe, expect, it } from "vitest";
import { VEHICLE_IDS } from "../../seed/vehicles";
import { type ApiTrip, isoMicros, micros, telemetryQuery, tripsOf } from "@/test-support/sandbox-telemetry";
import { SANDBOX_SIGNAL_SOURCE } from "./vehicle-data";
import { request, setUpSandbox } from "@/test-support/sandbox";

const suite = setUpSandbox();
const DAY_US = 86_400e6;
const nowUs = () => Date.now() * 1000;

interface Point {
  latitude: number;
  longitude: number;
}

/**
 * FIRST and LAST of a trip's signals over exactly its time, several trips to a request (aliases): 15 fields each, so
 * six fit under the service's complexity limit of 100.
 */
const ENDS_PER_REQUEST = 6;

async function tripEnds(tokenId: number, trips: readonly ApiTrip[]) {
  const ends = [];
  for (let index = 0; index < trips.length; index += ENDS_PER_REQUEST)
    ends.push(...(await someTripEnds(tokenId, trips.slice(index, index + ENDS_PER_REQUEST))));
  return ends;
}

async function someTripEnds(tokenId: number, trips: readonly ApiTrip[]) {
  const fields = trips.map((trip, i) => {
    const from = trip.start.time;
    const to = isoMicros(micros(trip.end.time) + 1);
    return `t${i}: signals(tokenId: ${tokenId}, interval: "24h", from: "${from}", to: "${to}") {
      timestamp
      first: currentLocationCoordinates(agg: FIRST) { latitude longitude }
      last: currentLocationCoordinates(agg: LAST) { latitude longitude }
      firstSpeed: speed(agg: FIRST) lastSpeed: speed(agg: LAST) maxSpeed: speed(agg: MAX)
      firstIgnition: isIgnitionOn(agg: FIRST) lastIgnition: isIgnitionOn(agg: LAST)
      odoFirst: powertrainTransmissionTravelledDistance(agg: FIRST) odoLast: powertrainTransmissionTravelledDistance(agg: LAST)
    }`;
  });
  const answer = await telemetryQuery<
    Record<
      string,
      {
        timestamp: string;
        first: Point;
        last: Point;
        firstSpeed: number;
        lastSpeed: number;
        maxSpeed: number;
        firstIgnition: number;
        lastIgnition: number;
        odoFirst: number;
        odoLast: number;
      }[]
    >
  >(suite, await suite.vehicleJwt(tokenId, [1, 4]), `{ ${fields.join("\n")} }`);
  expect(answer.errors).toBeUndefined();
  return trips.map((_, i) => answer.data?.[`t${i}`]);
}

function expectRouteMatches(tokenId: number, trips: readonly ApiTrip[], ends: Awaited<ReturnType<typeof tripEnds>>) {
  trips.forEach((trip, i) => {
    const rows = ends[i];
    expect(rows, `trip ${trip.id} of ${tokenId}`).toHaveLength(1);
    const row = rows?.[0];
    expect(row?.timestamp && micros(row.timestamp)).toBe(micros(trip.start.time));
    if (trip.start.location) expect(row?.first, `start of ${trip.id}`).toEqual(trip.start.location);
    if (trip.end.location) expect(row?.last, `end of ${trip.id}`).toEqual(trip.end.location);
    expect(row).toMatchObject({ firstSpeed: 0, lastSpeed: 0, firstIgnition: 1, lastIgnition: 0 });
    expect(row?.maxSpeed).toBeGreaterThan(10);
    expect(row?.maxSpeed).toBeLessThan(110);
    expect((row?.odoLast ?? 0) - (row?.odoFirst ?? 0)).toBeGreaterThan(0.3);
  });
}

describe("each trip's route", () => {
  it("starts and ends exactly where the Trips API says, for every trip of a small vehicle", async () => {
    const tokenId = 11873;
    const trips = await tripsOf(suite, tokenId);
    expect(trips).toHaveLength(50);
    expectRouteMatches(tokenId, trips, await tripEnds(tokenId, trips));
  });

  it("does so for a sample of trips of other vehicles: the newest of the big ones, all of one with missing locations", async () => {
    for (const [tokenId, pages] of [
      [VEHICLE_IDS.perf, 1],
      [VEHICLE_IDS.manyTrips, 1],
      [VEHICLE_IDS.missingEndLocations, 4],
    ] as const) {
      const trips = await tripsOf(suite, tokenId, pages);
      for (let i = 0; i < trips.length; i += 100) {
        const chunk = trips.slice(i, i + 100);
        expectRouteMatches(tokenId, chunk, await tripEnds(tokenId, chunk));
      }
    }
  });

  it("is followed by a parked vehicle: ignition off, no location or speed until the next trip", async () => {
    const tokenId = VEHICLE_IDS.manyTrips;
    const [newer, older] = await tripsOf(suite, tokenId, 1);
    if (!newer || !older) throw new Error("two trips expected");
    const from = isoMicros(micros(older.end.time) + 1);
    const answer = await telemetryQuery<{
      signals: { speed: number | null; loc: Point | null; ignition: number | null; odo: number | null }[] | null;
    }>(
      suite,
      await suite.vehicleJwt(tokenId, [1, 4]),
      `{ signals(tokenId: ${tokenId}, interval: "24h", from: "${from}", to: "${newer.start.time}") {
          speed(agg: MAX) loc: currentLocationCoordinates(agg: LAST) { latitude longitude } ignition: isIgnitionOn(agg: MAX) odo: powertrainTransmissionTravelledDistance(agg: MAX) } }`,
    );
    for (const row of answer.data?.signals ?? []) {
      expect(row).toMatchObject({ speed: null, loc: null, ignition: 0 });
    }
  });
});

describe("signals(...)", () => {
  const tokenId = VEHICLE_IDS.exactly100;
  let token: string;
  let trip: ApiTrip;

  beforeAll(async () => {
    token = await suite.vehicleJwt(tokenId, [1, 4]);
    [trip] = (await tripsOf(suite, tokenId, 1)) as [ApiTrip];
  });

  async function rows<T>(interval: string, from: string, to: string, fields: string) {
    const answer = await telemetryQuery<{ signals: (T & { timestamp: string })[] | null }>(
      suite,
      token,
      `{ signals(tokenId: ${tokenId}, interval: "${interval}", from: "${from}", to: "${to}") { timestamp ${fields} } }`,
    );
    expect(answer.errors).toBeUndefined();
    return answer.data?.signals ?? [];
  }

  it("answers one row per bucket with data, each starting at from + k × interval, in order", async () => {
    const toUs = nowUs();
    const fromUs = toUs - 3 * DAY_US - 1234567;
    const answer = await rows<{ speed: number | null }>("5m", isoMicros(fromUs), isoMicros(toUs), "speed(agg: AVG)");
    expect(answer.length).toBeGreaterThan(0);
    let previous = -Infinity;
    for (const row of answer) {
      const start = micros(row.timestamp);
      expect((start - fromUs) % 300e6).toBe(0);
      expect(start).toBeGreaterThan(previous);
      expect(start).toBeGreaterThanOrEqual(fromUs);
      expect(start).toBeLessThan(toUs);
      previous = start;
    }
  });

  it("aggregates each bucket as the real service does: AVG, MED, MAX, MIN, RAND, FIRST, LAST", async () => {
    const from = trip.start.time;
    const to = isoMicros(micros(trip.end.time) + 1);
    // At 1 ms buckets every sample is its own row: the raw data.
    const raw = await rows<{ speed: number; loc: Point }>(
      "1ms",
      from,
      to,
      "speed(agg: LAST) loc: currentLocationCoordinates(agg: LAST) { latitude longitude }",
    );
    expect(raw.length).toBeGreaterThan(30);
    expect(raw.every((row) => (micros(row.timestamp) - micros(from)) % 1000 === 0)).toBe(true);
    const buckets = await rows<Record<string, number> & { lavg: Point; lfirst: Point; llast: Point; lrand: Point }>(
      "2m",
      from,
      to,
      `avg: speed(agg: AVG) med: speed(agg: MED) max: speed(agg: MAX) min: speed(agg: MIN) rand: speed(agg: RAND) first: speed(agg: FIRST) last: speed(agg: LAST)
       lavg: currentLocationCoordinates(agg: AVG) { latitude longitude } lfirst: currentLocationCoordinates(agg: FIRST) { latitude longitude }
       llast: currentLocationCoordinates(agg: LAST) { latitude longitude } lrand: currentLocationCoordinates(agg: RAND) { latitude longitude }`,
    );
    expect(buckets.length).toBeGreaterThan(1);
    for (const bucket of buckets) {
      const start = micros(bucket.timestamp);
      const inside = raw.filter((row) => micros(row.timestamp) >= start && micros(row.timestamp) < start + 120e6);
      const speeds = inside.map((row) => row.speed);
      const sorted = [...speeds].sort((a, b) => a - b);
      const mid = sorted.length >> 1;
      const median = sorted.length % 2 ? sorted[mid] : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
      expect(bucket.avg).toBeCloseTo(speeds.reduce((s, v) => s + v, 0) / speeds.length, 9);
      expect(bucket.med).toBeCloseTo(median ?? NaN, 9);
      expect(bucket.max).toBe(Math.max(...speeds));
      expect(bucket.min).toBe(Math.min(...speeds));
      expect(speeds).toContain(bucket.rand);
      expect(bucket.first).toBe(speeds[0]);
      expect(bucket.last).toBe(speeds[speeds.length - 1]);
      const locations = inside.map((row) => row.loc);
      expect(bucket.lfirst).toEqual(locations[0]);
      expect(bucket.llast).toEqual(locations[locations.length - 1]);
      expect(locations).toContainEqual(bucket.lrand);
      expect(bucket.lavg.latitude).toBeCloseTo(locations.reduce((s, p) => s + p.latitude, 0) / locations.length, 9);
      expect(bucket.lavg.longitude).toBeCloseTo(locations.reduce((s, p) => s + p.longitude, 0) / locations.length, 9);
    }
  });

  it("moves consistently while driving: odometer up, level down, ignition on, speed and heading plausible", async () => {
    const from = trip.start.time;
    const to = isoMicros(micros(trip.end.time) + 1);
    const raw = await rows<{
      speed: number;
      odo: number;
      level: number;
      range: number;
      ignition: number;
      heading: number;
    }>(
      "1ms",
      from,
      to,
      `speed(agg: LAST) odo: powertrainTransmissionTravelledDistance(agg: LAST) level: powertrainFuelSystemRelativeLevel(agg: LAST)
       range: powertrainRange(agg: LAST) ignition: isIgnitionOn(agg: LAST) heading: currentLocationHeading(agg: LAST)`,
    );
    raw.forEach((row, i) => {
      const previous = raw[i - 1];
      if (previous) {
        expect(row.odo).toBeGreaterThanOrEqual(previous.odo);
        expect(row.level).toBeLessThanOrEqual(previous.level);
        // Every 5 s: no more than 5 s at 130 km/h between two samples.
        expect(row.odo - previous.odo).toBeLessThan(0.19);
      }
      expect(row.ignition).toBe(i === raw.length - 1 ? 0 : 1);
      expect(row.speed).toBeGreaterThanOrEqual(0);
      expect(row.heading).toBeGreaterThanOrEqual(0);
      expect(row.heading).toBeLessThan(360);
      expect(row.range).toBeGreaterThan(0);
    });
    expect(raw.some((row) => row.speed === 0 && row.ignition === 1)).toBe(true); // idling or stopped at a light
  });

  it("filters values before aggregating, with the real schema's float and location filters", async () => {
    const from = trip.start.time;
    const to = isoMicros(micros(trip.end.time) + 1);
    const [row] = await rows<{ min: number; moving: number; near: Point | null; far: Point | null }>(
      "24h",
      from,
      to,
      `min: speed(agg: MIN) moving: speed(agg: MIN, filter: {gt: 0})
       near: currentLocationCoordinates(agg: FIRST, filter: {inCircle: {center: {latitude: ${trip.start.location?.latitude}, longitude: ${trip.start.location?.longitude}}, radius: 0.05}}) { latitude longitude }
       far: currentLocationCoordinates(agg: FIRST, filter: {inCircle: {center: {latitude: 0, longitude: 0}, radius: 1}}) { latitude longitude }`,
    );
    expect(row?.min).toBe(0);
    expect(row?.moving).toBeGreaterThan(0);
    expect(row?.near).toEqual(trip.start.location);
    expect(row?.far).toBeNull();
  });

  it("parses the interval as a Go duration, strictly", async () => {
    const ask = (interval: string, from = "2026-01-01T00:00:00Z", to = "2026-01-02T00:00:00Z") =>
      telemetryQuery(
        suite,
        token,
        `{ signals(tokenId: ${tokenId}, interval: "${interval}", from: "${from}", to: "${to}") { timestamp } }`,
      );
    const cases: [string, string][] = [
      ["1d", 'failed parsing interval: time: unknown unit "d" in duration "1d"'],
      ["5", 'failed parsing interval: time: missing unit in duration "5"'],
      ["", 'failed parsing interval: time: invalid duration ""'],
      ["five minutes", 'failed parsing interval: time: invalid duration "five minutes"'],
    ];
    for (const [interval, message] of cases) {
      const answer = await ask(interval);
      expect(answer.status).toBe(200);
      expect(answer.data).toEqual({ signals: null });
      expect(answer.errors?.[0]?.message).toBe(message);
    }
    for (const interval of ["0s", "-5m", "500ns"]) {
      const answer = await ask(interval);
      expect(answer.errors?.[0]).toMatchObject({
        message: "invalid argument: interval is not a positive integer",
        extensions: { code: "BAD_REQUEST" },
      });
    }
    const backwards = await ask("1h", "2026-01-02T00:00:00Z", "2026-01-01T00:00:00Z");
    expect(backwards.errors?.[0]?.message).toBe("invalid argument: from timestamp is after to timestamp");
    for (const interval of ["2h45m", "1.5h", "90s", "300000ms"]) expect((await ask(interval)).errors).toBeUndefined();
  });
});

describe("latest values, the snapshot, the list of signals and the summary", () => {
  it("agree with each other and with the newest trip", async () => {
    const tokenId = VEHICLE_IDS.manyTrips;
    const [newest] = await tripsOf(suite, tokenId, 1);
    const answer = await telemetryQuery<{
      signalsLatest: Record<string, { timestamp: string; value: unknown } | string>;
      signalsSnapshot: {
        lastSeen: string;
        signals: {
          name: string;
          timestamp: string;
          valueNumber: number | null;
          valueString: string | null;
          valueLocation: Point | null;
        }[];
      };
      availableSignals: string[];
      dataSummary: {
        numberOfSignals: number;
        availableSignals: string[];
        firstSeen: string;
        lastSeen: string;
        signalDataSummary: { name: string; numberOfSignals: number; firstSeen: string; lastSeen: string }[];
      };
    }>(
      suite,
      await suite.vehicleJwt(tokenId, [1, 4]),
      `{
        signalsLatest(tokenId: ${tokenId}) {
          lastSeen
          powertrainType { timestamp value }
          speed { timestamp value }
          isIgnitionOn { timestamp value }
          powertrainTractionBatteryStateOfChargeCurrent { timestamp value }
          powertrainFuelSystemRelativeLevel { timestamp value }
          powertrainRange { timestamp value }
          currentLocationCoordinates { timestamp value { latitude longitude } }
        }
        signalsSnapshot(tokenId: ${tokenId}) { lastSeen signals { name timestamp valueNumber valueString valueLocation { latitude longitude } } }
        availableSignals(tokenId: ${tokenId})
        dataSummary(tokenId: ${tokenId}) { numberOfSignals availableSignals firstSeen lastSeen signalDataSummary { name numberOfSignals firstSeen lastSeen } }
      }`,
    );
    expect(answer.errors).toBeUndefined();
    const latest = answer.data?.signalsLatest ?? {};
    expect(latest.powertrainType).toMatchObject({ value: "BEV" });
    expect(latest.powertrainFuelSystemRelativeLevel).toBeNull();
    expect(latest.currentLocationCoordinates).toEqual({ timestamp: expect.any(String), value: newest?.end.location });
    expect(micros((latest.currentLocationCoordinates as { timestamp: string }).timestamp)).toBe(
      micros(newest?.end.time ?? ""),
    );
    expect(latest.speed).toMatchObject({ value: 0 });
    expect(latest.isIgnitionOn).toMatchObject({ value: 0 });
    const soc = (latest.powertrainTractionBatteryStateOfChargeCurrent as { value: number }).value;
    const range = (latest.powertrainRange as { value: number }).value;
    expect(soc).toBeGreaterThan(0);
    expect(range / soc).toBeGreaterThan(3); // km per percent of a Model 3
    const lastSeen = Date.parse(String(latest.lastSeen));
    expect(lastSeen).toBeLessThanOrEqual(Date.now());
    expect(Date.now() - lastSeen).toBeLessThanOrEqual(30 * 60_000); // a parked heartbeat every 30 minutes

    const snapshot = answer.data?.signalsSnapshot;
    expect(snapshot?.lastSeen).toBe(latest.lastSeen);
    const names = snapshot?.signals.map((s) => s.name) ?? [];
    expect(names).toContain("currentLocationApproximateCoordinates");
    expect(snapshot?.signals.find((s) => s.name === "powertrainType")?.valueString).toBe("BEV");
    expect(snapshot?.signals.find((s) => s.name === "currentLocationCoordinates")?.valueLocation).toEqual(
      newest?.end.location,
    );

    const available = answer.data?.availableSignals ?? [];
    expect(available).toContain("powertrainTractionBatteryStateOfChargeCurrent");
    expect(available).not.toContain("powertrainFuelSystemRelativeLevel");
    expect(available).not.toContain("currentLocationApproximateCoordinates");

    const summary = answer.data?.dataSummary;
    expect(summary?.availableSignals).toEqual(available);
    expect(summary?.numberOfSignals).toBe(summary?.signalDataSummary.reduce((sum, s) => sum + s.numberOfSignals, 0));
    const byName = new Map(summary?.signalDataSummary.map((s) => [s.name, s]));
    expect(byName.get("powertrainType")?.numberOfSignals).toBe(2500);
    expect(byName.get("speed")?.numberOfSignals).toBe(byName.get("currentLocationCoordinates")?.numberOfSignals);
    expect(byName.get("isIgnitionOn")?.numberOfSignals).toBeGreaterThan(
      byName.get("speed")?.numberOfSignals ?? Infinity,
    );
    expect(micros(byName.get("speed")?.lastSeen ?? "")).toBe(micros(newest?.end.time ?? ""));
    expect(summary?.lastSeen).toBe(latest.lastSeen);
    const all = await tripsOf(suite, tokenId);
    expect(micros(summary?.firstSeen ?? "")).toBe(micros(all[all.length - 1]?.start.time ?? ""));
  });

  it("agree with the valuation on the distance driven: its odometer in miles is the telemetry's in km", async () => {
    for (const tokenId of [VEHICLE_IDS.manyTrips, VEHICLE_IDS.exactly100, VEHICLE_IDS.missingEndLocations]) {
      const token = await suite.vehicleJwt(tokenId, [1]);
      const latest = await telemetryQuery<{
        signalsLatest: { powertrainTransmissionTravelledDistance: { value: number } };
      }>(suite, token, `{ signalsLatest(tokenId: ${tokenId}) { powertrainTransmissionTravelledDistance { value } } }`);
      const km = latest.data?.signalsLatest.powertrainTransmissionTravelledDistance.value ?? NaN;
      const valuation = await request(`${suite.url}/valuations/v1/vehicles/${tokenId}/valuations`, { bearer: token });
      const [set] = (valuation.body as { valuationSets: { odometer: number; odometerUnit: string }[] }).valuationSets;
      expect(set?.odometerUnit).toBe("miles");
      expect(Math.abs((set?.odometer ?? NaN) - km / 1.609344)).toBeLessThanOrEqual(0.5);
    }
  });

  it("leave out of the snapshot what the token may not see, silently", async () => {
    const tokenId = VEHICLE_IDS.noTripsPrivilege;
    const answer = await telemetryQuery<{ signalsSnapshot: { signals: { name: string }[] } }>(
      suite,
      await suite.vehicleJwt(tokenId, [1]),
      `{ signalsSnapshot(tokenId: ${tokenId}) { signals { name } } }`,
    );
    expect(answer.errors).toBeUndefined();
    const names = answer.data?.signalsSnapshot.signals.map((s) => s.name);
    expect(names).toContain("powertrainFuelSystemRelativeLevel");
    expect(names).not.toContain("currentLocationCoordinates");
    expect(names).not.toContain("currentLocationApproximateCoordinates");
    expect(names).not.toContain("currentLocationHeading");
  });

  it("are empty for a vehicle that never sent anything", async () => {
    const tokenId = VEHICLE_IDS.noTrips;
    const answer = await telemetryQuery<Record<string, unknown>>(
      suite,
      await suite.vehicleJwt(tokenId, [1, 4, 5]),
      `{ signalsLatest(tokenId: ${tokenId}) { lastSeen speed { value } } availableSignals(tokenId: ${tokenId})
         dataSummary(tokenId: ${tokenId}) { numberOfSignals availableSignals lastSeen } vinVCLatest(tokenId: ${tokenId}) { vin } }`,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toEqual({
      signalsLatest: { lastSeen: null, speed: null },
      availableSignals: null,
      dataSummary: { numberOfSignals: 0, availableSignals: [], lastSeen: "1900-01-01T00:00:00Z" },
      vinVCLatest: null,
    });
  });

  it("honour a source filter: the sandbox's one source, another one (no data), or an invalid one (an error)", async () => {
    const tokenId = VEHICLE_IDS.manyTrips;
    const token = await suite.vehicleJwt(tokenId, [1]);
    const latest = (source: string) =>
      telemetryQuery<{ signalsLatest: { lastSeen: string | null } | null }>(
        suite,
        token,
        `{ signalsLatest(tokenId: ${tokenId}, filter: {source: "${source}"}) { lastSeen } }`,
      );
    expect((await latest(`did:ethr:137:${SANDBOX_SIGNAL_SOURCE}`)).data?.signalsLatest?.lastSeen).toEqual(
      expect.any(String),
    );
    expect(
      (await latest("did:ethr:137:0x0000000000000000000000000000000000000001")).data?.signalsLatest?.lastSeen,
    ).toBeNull();
    const invalid = await latest("autopi");
    expect(invalid.errors?.[0]).toMatchObject({
      message: "invalid argument: source 'autopi' is not a valid ethr DID",
      extensions: { code: "BAD_REQUEST" },
    });
  });
});
