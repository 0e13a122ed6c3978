import { beforeEach, describe, expect, it, vi } from "vitest";
import { type DashboardSession } from "@/lib/auth/session";
import { type PrivilegeId } from "@/lib/protocol";
import { DEMO_GRANTED_VEHICLE_IDS, SEED_VEHICLES } from "@/sandbox/seed/vehicles";
import { setUpSandbox } from "@/test-support/sandbox";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { GET as trialGet } from "@/app/api/webhooks/trial/route";
import { trialInput, tryWebhookOnHistory } from "./webhook-trial";
import { TRIAL_INTERVAL, TRIAL_MAX_VEHICLES, trialCreditEstimate } from "@/lib/models/webhook-trial";

/** The history trial through the app's own client against a sandbox, compared with what the sandbox itself serves. */

const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));

const SIGNED_IN: DashboardSession = { address: "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd", role: "admin" };
const VEHICLE = 21957;
const SIGNED_IN_LICENSE = DEMO_LICENSE.clientId;
/** A band no simulated speed falls in by chance. */
const BAND = "valueNumber > 123.3 && valueNumber < 123.6";

const suite = setUpSandbox({ pointApp: true });
beforeEach(async () => {
  auth.session = SIGNED_IN;
  await suite.control.reset();
});

/** A query to the sandbox's Telemetry API with a Vehicle JWT of the given privileges; `$t` is the token id. */
async function sandboxQuery<T>(
  tokenId: number,
  privileges: (1 | 4)[],
  query: string,
  variables: Record<string, unknown>,
): Promise<T> {
  const response = await fetch(`${suite.url}/telemetry/query`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${await suite.vehicleJwt(tokenId, privileges)}`,
    },
    body: JSON.stringify({ query, variables: { t: tokenId, ...variables } }),
  });
  return ((await response.json()) as { data: T }).data;
}

/** The vehicle's speed samples exactly as the sandbox's Telemetry API serves them over the window. */
async function sandboxSpeeds(tokenId: number, from: string, to: string): Promise<{ at: number; speed: number }[]> {
  const data = await sandboxQuery<{ signals: { timestamp: string; speed: number | null }[] | null }>(
    tokenId,
    [1],
    `query($t: Int!, $f: Time!, $to: Time!) {
      signals(tokenId: $t, interval: "${TRIAL_INTERVAL}", from: $f, to: $to) { timestamp speed(agg: FIRST) } }`,
    { f: from, to },
  );
  return (data.signals ?? []).flatMap((row) =>
    row.speed === null ? [] : [{ at: Date.parse(row.timestamp), speed: row.speed }],
  );
}

const trial = async (overrides: Record<string, unknown>) => {
  const result = await tryWebhookOnHistory({
    service: "signals",
    metricName: "vss.speed",
    condition: "valueNumber > 60",
    coolDownPeriod: 0,
    tokenIds: [VEHICLE],
    ...overrides,
  });
  if (!result.ok) throw new Error(result.error.message);
  return result.data;
};

describe("the history trial", () => {
  it("uses the credits it estimated, as DIMO's tracker (the sandbox's) charges them", async () => {
    const from = new Date(Date.now() - 1000).toISOString();
    // No vehicles named: the trial takes the first ten that can read the metric.
    const result = await trial({ tokenIds: [] });
    expect(result.creditsUsed).toBe(trialCreditEstimate(TRIAL_MAX_VEHICLES));
    const usage = await fetch(`${suite.url}/credit-tracker/v1/credits/${SIGNED_IN_LICENSE}/usage?fromDate=${from}`, {
      headers: { authorization: `Bearer ${await suite.developerJwt()}` },
    });
    expect(((await usage.json()) as { numOfCreditsUsed: number }).numOfCreditsUsed).toBe(result.creditsUsed);
  });

  it("fires once per sample the sandbox serves above the threshold when there is no cooldown", async () => {
    const result = await trial({});
    const speeds = await sandboxSpeeds(VEHICLE, result.from, result.to);
    const expected = speeds.filter(({ speed }) => speed > 60).length;
    expect(expected).toBeGreaterThan(0);
    expect(result.fired).toBe(expected);
    expect(result.vehicles).toMatchObject([
      { tokenId: VEHICLE, readings: speeds.length, fired: expected, error: null },
    ]);
    expect(Date.parse(result.to) - Date.parse(result.from)).toBe(7 * 86_400_000);
    // Moments on a trip link to it on the trips page.
    expect(
      result.vehicles[0]?.moments.some((m) => /^\/vehicles\/21957\/trips\?page=\d+&trip=/.test(m.tripHref ?? "")),
    ).toBe(true);
  });

  it("honours the cooldown on the samples' own times, as the sandbox's rule says", async () => {
    const coolDownMs = 600_000;
    const result = await trial({ coolDownPeriod: coolDownMs / 1000 });
    const samples = await sandboxSpeeds(VEHICLE, result.from, result.to);
    // The rule, sample by sample: skipped while a cooldown runs, else fired when over 60.
    let fired = 0;
    let cooledDown = 0;
    let last: number | null = null;
    for (const { at, speed } of samples) {
      if (last !== null && at - last < coolDownMs) cooledDown += 1;
      else if (speed > 60) [fired, last] = [fired + 1, at];
    }
    expect(fired).toBeGreaterThan(0);
    expect(fired).toBeLessThan(samples.filter(({ speed }) => speed > 60).length);
    expect(result.vehicles[0]).toMatchObject({ fired, cooledDown });
    expect(result.vehicles[0]?.moments.reduce((sum, moment) => sum + moment.count, 0)).toBe(fired);
  });

  it("gives previousValue as the reading it last fired on: a rise or a fall of 20 since then fires", async () => {
    // Both ways, so that it fires on every week of trips: a rise alone can fire once and never again when the week
    // begins in the middle of a fast drive, as no later speed is 20 above that one.
    const result = await trial({
      condition: "valueNumber - previousValueNumber >= 20.0 || previousValueNumber - valueNumber >= 20.0",
    });
    let fired = 0;
    let previous = 0;
    for (const { speed } of await sandboxSpeeds(VEHICLE, result.from, result.to)) {
      if (Math.abs(speed - previous) >= 20) [fired, previous] = [fired + 1, speed];
    }
    expect(fired).toBeGreaterThan(10);
    expect(result.fired).toBe(fired);
  });

  it("tries events and locations on what the sandbox serves for them", async () => {
    const events = await trial({ service: "events", metricName: "behavior.harshBraking", condition: "true" });
    const served = await sandboxQuery<{ events: { name: string }[] | null }>(
      VEHICLE,
      [1, 4],
      `query($t: Int!, $f: Time!, $to: Time!) { events(tokenId: $t, from: $f, to: $to) { name } }`,
      { f: events.from, to: events.to },
    );
    const braking = (served.events ?? []).filter((event) => event.name === "behavior.harshBraking").length;
    expect(braking).toBeGreaterThan(0);
    expect(events.fired).toBe(braking);

    // Every fix is over 5,000 km from the far side of the earth, so each one fires.
    const far = await trial({
      metricName: "vss.currentLocationCoordinates",
      condition: "geoDistance(value.latitude, value.longitude, -40.0, 170.0) > 5000.0",
    });
    const path = await sandboxQuery<{ signals: unknown[] | null }>(
      VEHICLE,
      [4],
      `query($t: Int!, $f: Time!, $to: Time!) {
        signals(tokenId: $t, interval: "${TRIAL_INTERVAL}", from: $f, to: $to) { currentLocationCoordinates(agg: LAST) { latitude } } }`,
      { f: far.from, to: far.to },
    );
    expect(far.vehicles[0]).toMatchObject({ readings: path.signals?.length, fired: path.signals?.length, error: null });
    expect(far.fired).toBeGreaterThan(0);
  });

  it("evaluates value.hdop on each fix's own HDOP, as the Telemetry API serves it", async () => {
    const result = await trial({ metricName: "vss.currentLocationCoordinates", condition: "value.hdop > 1.0" });
    const served = await sandboxQuery<{ signals: { currentLocationCoordinates: { hdop: number } | null }[] | null }>(
      VEHICLE,
      [4],
      `query($t: Int!, $f: Time!, $to: Time!) {
        signals(tokenId: $t, interval: "${TRIAL_INTERVAL}", from: $f, to: $to) { currentLocationCoordinates(agg: LAST) { hdop } } }`,
      { f: result.from, to: result.to },
    );
    const hdops = (served.signals ?? []).flatMap((row) =>
      row.currentLocationCoordinates ? [row.currentLocationCoordinates.hdop] : [],
    );
    const expected = hdops.filter((hdop) => hdop > 1).length;
    // Some fixes on each side of the threshold, so a trial that saw no HDOP (all 0) or ignored it would differ.
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(hdops.length);
    expect(result.vehicles[0]).toMatchObject({
      readings: hdops.length,
      fired: expected,
      evaluationErrors: 0,
      error: null,
    });
  });

  it("refuses an empty cooldown through the route rather than reading it as 0", async () => {
    const query = new URLSearchParams({
      service: "signals",
      metricName: "vss.speed",
      condition: BAND,
      coolDownPeriod: "",
    });
    const response = await trialGet(new Request(`http://localhost:3000/api/webhooks/trial?${query.toString()}`));
    expect(response.status).toBe(400);
  });

  it("tries the first ten vehicles whose grant lets the metric be read when none are named", async () => {
    // The identity API's order, newest first, as the sandbox seeds it; the grant's privileges as the seed gives them.
    const readableWith = (privilege: PrivilegeId) =>
      DEMO_GRANTED_VEHICLE_IDS.filter((tokenId) =>
        SEED_VEHICLES.find((vehicle) => vehicle.tokenId === tokenId)?.grant?.privileges.includes(privilege),
      );
    const tried = async (metricName: string) => {
      const result = await tryWebhookOnHistory({
        service: "signals",
        metricName,
        condition: "false",
        coolDownPeriod: 0,
      });
      if (!result.ok) throw new Error(result.error.message);
      return result.data.vehicles.map((vehicle) => vehicle.tokenId);
    };
    // Speed needs privilege 1 and the location privilege 4: each list passes over a vehicle the other takes, and
    // each has more than ten vehicles to choose from.
    const [speed, location] = [readableWith(1), readableWith(4)];
    expect(speed.length).toBeGreaterThan(10);
    expect(location.length).toBeGreaterThan(10);
    expect(speed.slice(0, 10)).not.toEqual(location.slice(0, 10));
    expect(await tried("vss.speed")).toEqual(speed.slice(0, 10));
    expect(await tried("vss.currentLocationCoordinates")).toEqual(location.slice(0, 10));
  });

  it("refuses a condition that does not compile, a text signal, and too many vehicles, reading nothing", async () => {
    await suite.control.resetStats();
    expect(
      await tryWebhookOnHistory({
        service: "signals",
        metricName: "vss.speed",
        condition: "valueNumber >",
        coolDownPeriod: 0,
      }),
    ).toMatchObject({ ok: false, error: { code: "INVALID_INPUT", message: /invalid CEL condition/ } });
    expect(
      await tryWebhookOnHistory({
        service: "signals",
        metricName: "vss.powertrainType",
        condition: 'valueString == "BEV"',
        coolDownPeriod: 0,
      }),
    ).toMatchObject({ ok: false, error: { code: "INVALID_INPUT", message: /numeric signals, locations and events/ } });
    const many = Array.from({ length: 11 }, (_, index) => index + 1);
    expect(await trial({ tokenIds: many }).catch((error: Error) => error.message)).toMatch(/at most 10 vehicles/);
    expect((await suite.control.stats()).total).toBe(0);
  });

  it("takes up to ten vehicles and a cooldown from 0 seconds, and refuses one past either", () => {
    const accepts = (input: object) =>
      trialInput.safeParse({
        service: "signals",
        metricName: "vss.speed",
        condition: "valueNumber > 60",
        coolDownPeriod: 0,
        ...input,
      }).success;
    const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
    expect(accepts({ tokenIds: ids(10), coolDownPeriod: 0 })).toBe(true);
    expect(accepts({ tokenIds: ids(11) })).toBe(false);
    expect(accepts({ coolDownPeriod: -1 })).toBe(false);
  });

  it("answers through its GET route, and refuses a caller without a session", async () => {
    const query = new URLSearchParams({
      service: "signals",
      metricName: "vss.speed",
      condition: BAND,
      coolDownPeriod: "0",
      tokenIds: String(VEHICLE),
    });
    const response = await trialGet(new Request(`http://localhost:3000/api/webhooks/trial?${query.toString()}`));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ fired: 0, vehicles: [{ tokenId: VEHICLE, fired: 0 }] });
    auth.session = null;
    expect((await trialGet(new Request(`http://localhost:3000/api/webhooks/trial?${query.toString()}`))).status).toBe(
      401,
    );
  });
});
