import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { vehicleDid } from "@/lib/protocol";
import { request, setUpSandbox } from "@/test-support/sandbox";
import { telemetryQuery, tripsOf } from "@/test-support/sandbox-telemetry";
import { RECEIVER_TOKEN, startReceiver, type TestReceiver } from "../services/vehicle-triggers/test-receiver";
import { VEHICLE_IDS } from "../seed/vehicles";
import { EVENT_NAMES } from "../telemetry/events";

/**
 * The live vehicle over real HTTP, on a frozen sandbox clock moved through the control surface: its next drive
 * begins and ends as the clock passes, the Telemetry API shows it moving, the Trips API lists it once ended, and a
 * webhook subscribed to it fires with nobody injecting anything, and stays quiet while it is parked.
 */

const LIVE = VEHICLE_IDS.live;
/** How long a wait for the ticker's deliveries may take before the test calls it a hang (a busy 2-core machine). */
const SETTLE_TIMEOUT_MS = 30_000;

interface Latest {
  speed: { timestamp: string; value: number } | null;
  isIgnitionOn: { timestamp: string; value: number } | null;
  currentLocationCoordinates: { timestamp: string; value: { latitude: number; longitude: number } } | null;
}

describe("a live vehicle", () => {
  const suite = setUpSandbox();
  let receiver: TestReceiver;

  const nowMs = async () => Date.parse((await suite.control.clock()).now);
  const liveState = async () => {
    const state = (await suite.control.live()).vehicles.find((vehicle) => vehicle.tokenId === LIVE);
    if (!state) throw new Error("the live vehicle is not live");
    return state;
  };
  /** Moves the frozen clock to `ms`; tokens issued before may have expired on the way. */
  const moveTo = async (ms: number) => {
    await suite.control.advanceClock((ms - (await nowMs())) / 1000);
    suite.forgetTokens();
  };
  /** Waits until every delivery caused by what the vehicle sent up to now has finished. */
  const settled = async () => {
    const target = await nowMs();
    const started = Date.now();
    while (Date.parse((await suite.control.live()).settledUntil) < target) {
      if (Date.now() - started > SETTLE_TIMEOUT_MS) throw new Error("the live feed did not settle");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const latest = async (): Promise<Latest> => {
    const token = await suite.vehicleJwt(LIVE, [1, 4]);
    const answer = await telemetryQuery<{ signalsLatest: Latest }>(
      suite,
      token,
      `{ signalsLatest(tokenId: ${LIVE}) {
          speed { timestamp value } isIgnitionOn { timestamp value }
          currentLocationCoordinates { timestamp value { latitude longitude } } } }`,
    );
    expect(answer.errors).toBeUndefined();
    return answer.data?.signalsLatest as Latest;
  };

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });
  /**
   * The sandbox's clock starts at the wall clock, which falls within one of the live vehicle's drives for part of
   * every day: each test starts after that drive, parked, whatever the time of day it runs at.
   */
  const parkAfterDriveUnderWay = async () => {
    const state = await liveState();
    if (!state.driving) return;
    await moveTo(Date.parse(state.trip?.end ?? "") + 1_000);
    await settled();
  };

  beforeEach(async () => {
    await suite.control.reset();
    await suite.control.freezeClock();
    suite.forgetTokens();
    await parkAfterDriveUnderWay();
    receiver.deliveries.length = 0;
  });

  it("drives its next trip as the clock reaches it: moving in the Telemetry API, listed by the Trips API once ended", async () => {
    const start = await nowMs();
    const departure = Date.parse((await liveState()).nextDeparture ?? "");
    expect(departure).toBeGreaterThan(await nowMs());

    await moveTo(departure - 60_000);
    const parked = await latest();
    expect(parked.isIgnitionOn?.value).toBe(0);
    expect((await liveState()).driving).toBe(false);
    const listedBefore = await tripsOf(suite, LIVE, 1);
    expect(Date.parse(listedBefore[0]?.end.time ?? "")).toBeLessThan(departure);

    await moveTo(departure + 150_000);
    const state = await liveState();
    expect(state).toMatchObject({ driving: true, trip: { start: new Date(departure).toISOString() } });
    const driving = await latest();
    const now = await nowMs();
    // Of now: a drive samples every 5 s, and a sample at exactly now is not yet sent.
    for (const signal of [driving.speed, driving.isIgnitionOn, driving.currentLocationCoordinates]) {
      const at = Date.parse(signal?.timestamp ?? "");
      expect(at).toBeLessThan(now);
      expect(now - at).toBeLessThanOrEqual(5_000);
    }
    expect(driving.isIgnitionOn?.value).toBe(1);
    expect(driving.currentLocationCoordinates?.value).not.toEqual(parked.currentLocationCoordinates?.value);
    // Under way, so not yet a trip.
    expect((await tripsOf(suite, LIVE, 1))[0]?.id).toBe(listedBefore[0]?.id);

    const end = Date.parse(state.trip?.end ?? "");
    await moveTo(end + 1_000);
    const listed = await tripsOf(suite, LIVE, 1);
    expect(Date.parse(listed[0]?.start.time ?? "")).toBe(departure);
    expect(listed[1]?.id).toBe(listedBefore[0]?.id);
    // It left where the drive before parked, as the trips service judges continuity.
    expect(listed[0]).toMatchObject({ droppedData: false, start: { estimatedLocation: listed[1]?.end.location } });
    expect((await latest()).speed).toMatchObject({ value: 0 });

    // Set back before the drive, the clock takes it away again.
    await moveTo(start);
    expect((await tripsOf(suite, LIVE, 1))[0]?.id).toBe(listedBefore[0]?.id);
    expect((await liveState()).nextDeparture).toBe(new Date(departure).toISOString());
  });

  it("fires a webhook subscribed to it with nobody injecting, and nothing while it is parked", async () => {
    const jwt = await suite.developerJwt();
    const created = await request(`${suite.url}/vehicle-triggers/v1/webhooks`, {
      method: "POST",
      bearer: jwt,
      json: {
        service: "signals",
        metricName: "vss.speed",
        condition: "valueNumber > 0",
        coolDownPeriod: 0,
        targetURL: `${receiver.url}/live`,
        status: "enabled",
        verificationToken: RECEIVER_TOKEN,
      },
    });
    expect(created.status, created.text).toBe(201);
    const webhookId = (created.body as { id: string }).id;
    const subscribed = await request(
      `${suite.url}/vehicle-triggers/v1/webhooks/${webhookId}/subscribe/${vehicleDid(LIVE)}`,
      { method: "POST", bearer: jwt },
    );
    expect(subscribed.status, subscribed.text).toBe(201);

    // Parked until its next departure: nothing to deliver.
    const departure = Date.parse((await liveState()).nextDeparture ?? "");
    await moveTo(departure - 60_000);
    await settled();
    expect(receiver.deliveries).toHaveLength(0);

    // Under way: every speed sample above 0 since then is delivered, as the Telemetry API serves them.
    const from = await nowMs();
    await moveTo(departure + 150_000);
    await settled();
    const to = await nowMs();
    const token = await suite.vehicleJwt(LIVE, [1]);
    const history = await telemetryQuery<{ signals: { timestamp: string; speed: number | null }[] | null }>(
      suite,
      token,
      `query($from: Time!, $to: Time!) { signals(tokenId: ${LIVE}, interval: "1ms", from: $from, to: $to) {
          timestamp speed(agg: FIRST) } }`,
      { from: new Date(from).toISOString(), to: new Date(to).toISOString() },
    );
    const moving = (history.data?.signals ?? []).filter((row) => row.speed !== null && row.speed > 0);
    expect(moving.length).toBeGreaterThan(0);
    expect(receiver.deliveries).toHaveLength(moving.length);
    const sent = receiver.deliveries.map(
      (delivery) => delivery.body as { subject: string; data: { signal: { value: number; timestamp: string } } },
    );
    expect(new Set(sent.map((event) => event.subject))).toEqual(new Set([vehicleDid(LIVE)]));
    expect(sent.map((event) => event.data.signal.value)).toEqual(moving.map((row) => row.speed));
    expect(sent.map((event) => Date.parse(event.data.signal.timestamp))).toEqual(
      moving.map((row) => Date.parse(row.timestamp)),
    );

    // Parked again after the drive: the rest of the drive is delivered, then nothing more until it leaves again.
    const state = await liveState();
    await moveTo(Date.parse(state.trip?.end ?? "") + 1_000);
    await settled();
    const afterDrive = receiver.deliveries.length;
    expect(afterDrive).toBeGreaterThanOrEqual(moving.length);
    const nextDeparture = Date.parse((await liveState()).nextDeparture ?? "");
    await moveTo(nextDeparture - 1_000);
    await settled();
    expect(receiver.deliveries).toHaveLength(afterDrive);
    const recorded = await suite.control.deliveries({ webhookId });
    expect(recorded).toHaveLength(afterDrive);
    expect(recorded.every((delivery) => delivery.status === "delivered")).toBe(true);
  });

  it("fires event webhooks on the driving events its drives hold, as the Telemetry API lists them", async () => {
    const jwt = await suite.developerJwt();
    for (const name of Object.values(EVENT_NAMES)) {
      const created = await request(`${suite.url}/vehicle-triggers/v1/webhooks`, {
        method: "POST",
        bearer: jwt,
        json: {
          service: "events",
          metricName: name,
          condition: "durationNs > 0",
          coolDownPeriod: 0,
          targetURL: `${receiver.url}/events`,
          status: "enabled",
          verificationToken: RECEIVER_TOKEN,
        },
      });
      expect(created.status, created.text).toBe(201);
      const id = (created.body as { id: string }).id;
      const subscribed = await request(
        `${suite.url}/vehicle-triggers/v1/webhooks/${id}/subscribe/${vehicleDid(LIVE)}`,
        {
          method: "POST",
          bearer: jwt,
        },
      );
      expect(subscribed.status, subscribed.text).toBe(201);
    }
    // Most drives are calm: an hour at a time (each hour is fed whole), until some drive has had an event.
    const from = await nowMs();
    for (let hour = 0; hour < 48 && receiver.deliveries.length === 0; hour++) {
      await moveTo((await nowMs()) + 3600_000);
      await settled();
    }
    const to = await nowMs();
    const token = await suite.vehicleJwt(LIVE, [1, 4]);
    const listed = await telemetryQuery<{ events: { timestamp: string; name: string; durationNs: number }[] }>(
      suite,
      token,
      `{ events(tokenId: ${LIVE}, from: "${new Date(from).toISOString()}", to: "${new Date(to).toISOString()}") {
          timestamp name durationNs } }`,
    );
    const events = listed.data?.events ?? [];
    expect(events.length).toBeGreaterThan(0);
    const sent = receiver.deliveries.map(
      (delivery) =>
        (delivery.body as { data: { event: { name: string; timestamp: string; durationNs: number } } }).data.event,
    );
    const key = (event: { name: string; timestamp: string; durationNs: number }) =>
      `${event.name} ${Date.parse(event.timestamp)} ${event.durationNs}`;
    expect(sent.map(key).sort()).toEqual(events.map(key).sort());
  });
});

describe("a sandbox started without live driving", () => {
  const suite = setUpSandbox({ live: false });

  it("keeps the live vehicle parked after its seeded trips", async () => {
    expect(await suite.control.live()).toMatchObject({ enabled: false, vehicles: [] });
    const before = await tripsOf(suite, LIVE, 1);
    await suite.control.advanceClock(86_400);
    suite.forgetTokens();
    expect((await tripsOf(suite, LIVE, 1))[0]?.id).toBe(before[0]?.id);
  });
});
