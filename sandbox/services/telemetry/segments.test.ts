import { beforeAll, describe, expect, it } from "vitest";
import { VEHICLE_IDS } from "../../seed/vehicles";
import { type ApiTrip, isoMicros, micros, telemetryQuery, tripsOf } from "@/test-support/sandbox-telemetry";
import { setUpSandbox } from "@/test-support/sandbox";

const suite = setUpSandbox();
const DAY_US = 86_400e6;

interface Segment {
  start: { timestamp: string; value: { latitude: number; longitude: number } };
  end: { timestamp: string; value: { latitude: number; longitude: number } } | null;
  duration: number;
  isOngoing: boolean;
  startedBeforeRange: boolean;
  signals: { name: string; agg: string; value: number }[];
}

const FIELDS = `start { timestamp value { latitude longitude } } end { timestamp value { latitude longitude } }
  duration isOngoing startedBeforeRange signals { name agg value }`;

describe("segments", () => {
  const tokenId = VEHICLE_IDS.manyTrips;
  let token: string;
  let trips: ApiTrip[];

  beforeAll(async () => {
    token = await suite.vehicleJwt(tokenId, [1, 4]);
    trips = await tripsOf(suite, tokenId, 2);
  });

  async function segments(
    from: number,
    to: number,
    extra = "",
    mechanism = "ignitionDetection",
    vehicle: number = tokenId,
    jwt?: string,
  ) {
    return telemetryQuery<{ segments: Segment[] }>(
      suite,
      jwt ?? token,
      `{ segments(tokenId: ${vehicle}, from: "${isoMicros(from)}", to: "${isoMicros(to)}", mechanism: ${mechanism}${extra}) { ${FIELDS} } }`,
    );
  }

  it("are the Trips API's trips for the last 30 days: same start times, start and end points", async () => {
    const to = Date.now() * 1000;
    const from = to - 30 * DAY_US;
    const answer = await segments(from, to, ", limit: 200");
    expect(answer.errors).toBeUndefined();
    const inWindow = trips.filter((trip) => micros(trip.end.time) > from).reverse();
    expect(inWindow.length).toBeGreaterThan(20);
    expect(inWindow.length).toBeLessThan(200);
    const found = answer.data?.segments ?? [];
    expect(found.map((s) => micros(s.start.timestamp))).toEqual(inWindow.map((t) => micros(t.start.time)));
    found.forEach((segment, i) => {
      const trip = inWindow[i] as ApiTrip;
      expect(micros(segment.end?.timestamp ?? "")).toBe(micros(trip.end.time));
      if (trip.start.location) expect(segment.start.value).toEqual(trip.start.location);
      if (trip.end.location) expect(segment.end?.value).toEqual(trip.end.location);
      expect(segment.duration).toBe(Math.trunc((micros(trip.end.time) - micros(trip.start.time)) / 1e6));
      expect(segment).toMatchObject({ isOngoing: false, startedBeforeRange: micros(trip.start.time) < from });
      const value = (name: string, agg: string) => segment.signals.find((s) => s.name === name && s.agg === agg)?.value;
      expect(value("speed", "MAX")).toBeGreaterThan(0);
      expect(value("powertrainTransmissionTravelledDistance", "LAST")).toBeGreaterThan(
        value("powertrainTransmissionTravelledDistance", "FIRST") ?? Infinity,
      );
      expect(value("powertrainTractionBatteryStateOfChargeCurrent", "LAST")).toBeLessThan(
        value("powertrainTractionBatteryStateOfChargeCurrent", "FIRST") ?? -Infinity,
      );
    });
  });

  it("page with limit and `after`, exclusive on the start time", async () => {
    const to = Date.now() * 1000;
    const from = to - 30 * DAY_US;
    const all = (await segments(from, to, ", limit: 200")).data?.segments ?? [];
    const paged: Segment[] = [];
    let after = "";
    for (let page = 0; page < 100; page++) {
      const answer = await segments(from, to, `, limit: 7${after ? `, after: "${after}"` : ""}`);
      const found = answer.data?.segments ?? [];
      expect(found.length).toBeLessThanOrEqual(7);
      paged.push(...found);
      if (found.length < 7) break;
      after = found[found.length - 1]?.start.timestamp ?? "";
    }
    expect(paged).toEqual(all);
    const second = all[1] as Segment;
    const afterFirst = await segments(from, to, `, limit: 1, after: "${all[0]?.start.timestamp}"`);
    expect(afterFirst.data?.segments).toEqual([second]);
  });

  it("default to 100 and refuse a limit outside 1..200", async () => {
    const to = Date.now() * 1000;
    const from = to - 30 * DAY_US;
    const perf = await suite.vehicleJwt(VEHICLE_IDS.perf, [1, 4]);
    const many = await segments(from, to, "", "ignitionDetection", VEHICLE_IDS.perf, perf);
    expect(many.data?.segments).toHaveLength(100);
    for (const limit of [0, 201]) {
      const answer = await segments(from, to, `, limit: ${limit}`);
      expect(answer.data).toBeNull();
      expect(answer.errors?.[0]).toMatchObject({
        message: "limit must be between 1 and 200",
        extensions: { code: "BAD_REQUEST" },
      });
    }
    expect(
      (await segments(from, to, ", limit: 200", "ignitionDetection", VEHICLE_IDS.perf, perf)).data?.segments,
    ).toHaveLength(200);
  });

  it("refuse a range longer than the real service's (32 days and a second) and an empty or backward one", async () => {
    const to = Date.now() * 1000;
    expect((await segments(to - 31 * DAY_US, to)).errors).toBeUndefined();
    expect((await segments(to - 32 * DAY_US - 1e6, to)).errors).toBeUndefined();
    const tooLong = await segments(to - 33 * DAY_US, to);
    expect(tooLong.data).toBeNull();
    expect(tooLong.errors?.[0]).toMatchObject({
      message: "date range exceeds maximum of 32 days",
      extensions: { code: "BAD_REQUEST" },
    });
    expect((await segments(to, to)).errors?.[0]?.message).toBe("from and to times cannot be equal");
    expect((await segments(to - DAY_US, to - 2 * DAY_US)).errors?.[0]?.message).toBe(
      "from time must be before to time",
    );
  });

  it("mark a trip under way at `to` as ongoing, and one begun before `from` as started before the range", async () => {
    const trip = trips[3] as ApiTrip;
    const start = micros(trip.start.time);
    const end = micros(trip.end.time);
    const middle = Math.round((start + end) / 2);
    const ongoing = (await segments(middle - DAY_US, middle)).data?.segments ?? [];
    const last = ongoing[ongoing.length - 1];
    expect(last).toMatchObject({ isOngoing: true, end: null, duration: Math.trunc((middle - start) / 1e6) });
    expect(micros(last?.start.timestamp ?? "")).toBe(start);
    const begun = (await segments(middle, middle + DAY_US)).data?.segments ?? [];
    expect(begun[0]).toMatchObject({ startedBeforeRange: true, isOngoing: false });
    expect(micros(begun[0]?.start.timestamp ?? "")).toBe(start);
  });

  it("find the charges of an electric vehicle and the refuels of a combustion one; no idling without engine speed", async () => {
    const to = Date.now() * 1000;
    const from = to - 30 * DAY_US;
    const charges = (await segments(from, to, ", limit: 200", "recharge")).data?.segments ?? [];
    expect(charges.length).toBeGreaterThan(0);
    for (const charge of charges) {
      const soc = (agg: string) =>
        charge.signals.find((s) => s.name === "powertrainTractionBatteryStateOfChargeCurrent" && s.agg === agg)
          ?.value ?? NaN;
      expect(soc("LAST") - soc("FIRST")).toBeGreaterThan(10);
      expect(charge.signals.find((s) => s.name === "speed")).toBeUndefined();
    }
    expect((await segments(from, to, "", "refuel")).data?.segments).toEqual([]);
    expect((await segments(from, to, "", "idling")).data?.segments).toEqual([]);
    const perf = await suite.vehicleJwt(VEHICLE_IDS.perf, [1, 4]);
    const refuels = (await segments(from, to, ", limit: 200", "refuel", VEHICLE_IDS.perf, perf)).data?.segments ?? [];
    expect(refuels.length).toBeGreaterThan(0);
  });

  it("validate config as the real service does", async () => {
    const to = Date.now() * 1000;
    const answer = await segments(to - DAY_US, to, ", config: {maxGapSeconds: 10}");
    expect(answer.errors?.[0]?.message).toBe("maxGapSeconds must be between 60 and 3600");
  });
});
