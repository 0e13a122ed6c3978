import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as postToInbox } from "@/app/api/inbox/[secret]/route";
import { GET as getPositionsRoute } from "@/app/api/fleet/positions/route";
import { type DashboardSession } from "@/lib/auth/session";
import { getConfig } from "@/lib/config";
import { canReadSignals, canUse } from "@/lib/features";
import type { FleetPositionsAnswer, FleetPositionsView } from "@/lib/models/fleet";
import type { Vehicle } from "@/lib/models";
import { vehicleDid } from "@/lib/protocol";
import { eventually } from "@/test-support/fleet";
import { serveRoute } from "@/test-support/route-server";
import { request, setUpSandbox } from "@/test-support/sandbox";
import { inboxTarget } from "../inbox";
import { vehicleRoster } from "../roster";
import { fleetPositions, readFleetPositions } from ".";

/**
 * The fleet's positions against a sandbox's Telemetry API, through the app's own client, roster and inbox: what the
 * refresher keeps is what the service says, approximate where the grant gives no more, absent where it gives no
 * location; a delivery to the inbox, posted over HTTP with no cookie, moves nothing: it only has its vehicle read again,
 * at most once per vehicle however many arrive.
 */

const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));

const suite = setUpSandbox({ pointApp: true, live: false });
/** A guard against a hang: the sandbox's dozen vehicles take seconds, more on a busy machine. */
const SETTLED_MS = 90_000;

let vehicles: Vehicle[] = [];
let view: FleetPositionsView;

const live = (vehicle: Vehicle) => vehicle.grant !== null && Date.parse(vehicle.grant.expiresAt ?? "9999") > Date.now();
const readable = () => vehicles.filter((vehicle) => live(vehicle) && canReadSignals(vehicle.grant));

/** The vehicle's last position and time seen, as the sandbox's Telemetry API answers a token with its grant. */
async function telemetryOf(vehicle: Vehicle) {
  const privileges = vehicle.grant?.privileges ?? [];
  const token = await suite.vehicleJwt(vehicle.tokenId, privileges);
  const signal = canUse(vehicle.grant, "location")
    ? "currentLocationCoordinates"
    : canUse(vehicle.grant, "approximateLocation")
      ? "currentLocationApproximateCoordinates"
      : null;
  const answer = await request(`${suite.url}/telemetry/query`, {
    method: "POST",
    bearer: token,
    json: {
      query: `query($id: Int!) { signalsLatest(tokenId: $id) { lastSeen ${signal ? `${signal} { timestamp value { latitude longitude } }` : ""} } }`,
      variables: { id: vehicle.tokenId },
    },
  });
  type Fix = { timestamp: string; value: { latitude: number; longitude: number } } | null;
  const latest = (answer.body as { data: { signalsLatest: Record<string, unknown> } }).data.signalsLatest;
  return { lastSeen: latest.lastSeen as string | null, fix: signal ? (latest[signal] as Fix) : null };
}

let inbox: Awaited<ReturnType<typeof serveRoute>>;

/** POSTs the event to the inbox's secret address over HTTP, as an outsider who knows it would: no cookie. */
async function deliver(event: unknown): Promise<void> {
  const secret = new URL((await inboxTarget()).url).pathname.split("/").at(-1) ?? "";
  const response = await fetch(`${inbox.url}/api/inbox/${secret}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(event),
  });
  expect(response.status).toBe(200);
}

const nowIso = () => new Date().toISOString();

/** The first vehicle whose grant gives its exact location: the forged-position test's own. */
function locatedVehicle(): Vehicle {
  const vehicle = readable().find((v) => canUse(v.grant, "location"));
  if (!vehicle) throw new Error("the seed has a vehicle with the location privilege");
  return vehicle;
}

const signalEvent = (tokenId: number, name: string, value: unknown, timestamp: string) => ({
  specversion: "1.0",
  type: "dimo.trigger",
  source: "vehicle-triggers-api",
  subject: vehicleDid(tokenId, getConfig().vehicleContract),
  id: `test-${tokenId}-${timestamp}`,
  data: {
    service: "signals",
    metricName: `vss.${name}`,
    signal: { name, timestamp, valueType: "vss.Location", value },
  },
});

beforeAll(async () => {
  inbox = await serveRoute((request) => {
    const secret = new URL(request.url).pathname.split("/").at(-1) ?? "";
    return postToInbox(request, { params: Promise.resolve({ secret }) });
  });
  auth.session = { address: "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd", role: "owner" };
  // A parked vehicle sends a heartbeat now and then: with the clock still, the service answers the refresher and the
  // comparison below alike.
  await suite.control.freezeClock();
  await vehicleRoster().settle();
  vehicles = (await vehicleRoster().vehicles()).vehicles;
  await readFleetPositions();
  view = await eventually(
    readFleetPositions,
    (current) => current.progress.read >= readable().length && current.progress.remainingSeconds === null,
    SETTLED_MS,
  );
}, SETTLED_MS + 30_000);

afterAll(async () => {
  await inbox.close();
  await fleetPositions().refresher.stop();
  await suite.control.resetClock();
});

describe("the fleet's positions", () => {
  it("reads every vehicle whose grant opens a signal, and says so in the progress", () => {
    expect(readable().length).toBeGreaterThan(5);
    expect(view.progress).toMatchObject({
      total: vehicles.filter(live).length,
      read: readable().length,
      remainingSeconds: null,
      failure: null,
      withoutLocationGrant: vehicles.filter((v) => live(v) && !canUse(v.grant, "approximateLocation")).length,
    });
    expect(view.progress.withPosition).toBe(view.positions.length);
  });

  it("holds what the Telemetry API says: exact with location, approximate with the approximate privilege alone", async () => {
    let approximate = 0;
    for (const vehicle of readable()) {
      const { lastSeen, fix } = await telemetryOf(vehicle);
      const position = view.positions.find((p) => p.tokenId === vehicle.tokenId);
      expect(view.lastSeenMs[vehicle.tokenId] ?? null, `last seen of ${vehicle.tokenId}`).toBe(
        lastSeen ? Date.parse(lastSeen) : null,
      );
      if (!fix) {
        expect(position, `position of ${vehicle.tokenId}`).toBeUndefined();
        continue;
      }
      const exact = canUse(vehicle.grant, "location");
      if (!exact) approximate += 1;
      expect(position).toMatchObject({
        lat: fix.value.latitude,
        lon: fix.value.longitude,
        atMs: Date.parse(fix.timestamp),
        approximate: !exact,
      });
      expect(position?.name).toBeTruthy();
    }
    expect(approximate).toBeGreaterThan(0);
  });

  it("gives no position to a vehicle whose grant has no location privilege", () => {
    const noLocation = vehicles.filter((v) => live(v) && !canUse(v.grant, "approximateLocation"));
    expect(noLocation.length).toBeGreaterThan(0);
    for (const vehicle of noLocation) {
      expect(view.positions.some((p) => p.tokenId === vehicle.tokenId)).toBe(false);
    }
  });

  it("answers the route with the same view, behind the session", async () => {
    const response = await getPositionsRoute();
    expect(response.status).toBe(200);
    const body = (await response.json()) as FleetPositionsAnswer;
    expect(body.positions.length).toBe(view.positions.length);
    // The last-seen times stay on the server: a record a vehicle that the map does not use.
    expect(Object.keys(body).sort()).toEqual(["nowMs", "positions", "progress"]);
    expect(Object.keys(body.progress).sort()).toEqual(Object.keys(view.progress).sort());
    auth.session = null;
    expect((await getPositionsRoute()).status).toBe(401);
    auth.session = { address: "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd", role: "owner" };
  });

  it("leaves a vehicle where the Telemetry API says when a delivery claims otherwise, and reads it again", async () => {
    const vehicle = locatedVehicle();
    const { fix } = await telemetryOf(vehicle);
    if (!fix) throw new Error("the located vehicle has a position");
    const told = { lat: fix.value.latitude, lon: fix.value.longitude, approximate: false };
    const shown = async () => (await readFleetPositions()).positions.find((p) => p.tokenId === vehicle.tokenId);
    const reads = fleetPositions().refresher.readCount;
    await deliver(
      signalEvent(vehicle.tokenId, "currentLocationCoordinates", { latitude: 0.0001, longitude: 0.0001 }, nowIso()),
    );
    expect(await shown()).toMatchObject(told);
    // The delivery is a hint: the vehicle is read again, soon, and the map shows that answer.
    expect(
      await eventually(
        () => fleetPositions().refresher.readCount,
        (n) => n > reads,
        SETTLED_MS,
      ),
    ).toBe(reads + 1);
    expect(await shown()).toMatchObject(told);
  });

  it("reads each hinted vehicle once however many deliveries arrive, and takes no claim of theirs", async () => {
    const others = readable().filter((vehicle) => vehicle.tokenId !== locatedVehicle().tokenId);
    const reads = fleetPositions().refresher.readCount;
    const flood = Array.from({ length: 200 }, (_, index) => {
      const vehicle = others[index % others.length] as Vehicle;
      const fix = { latitude: index / 1000, longitude: index / 1000 };
      return deliver(signalEvent(vehicle.tokenId, "currentLocationCoordinates", fix, nowIso()));
    });
    await Promise.all(flood);
    // A burst may pass a vehicle's check before its first hint is kept, and so count against the minute's bound: the
    // vehicles hinted are some of them, each at most once.
    const hints = await fleetPositions().store.readHints();
    const hinted = others.filter((vehicle) => hints.has(vehicle.tokenId)).length;
    expect(hinted).toBeGreaterThan(0);
    const settled = await eventually(
      () => fleetPositions().refresher.readCount,
      (n) => n >= reads + hinted,
      SETTLED_MS,
    );
    expect(settled).toBe(reads + hinted);
    // With the sandbox's clock still, each read answers what the first fill read: no claim of the flood shows.
    const after = await readFleetPositions();
    for (const vehicle of others) {
      const position = after.positions.find((p) => p.tokenId === vehicle.tokenId);
      const before = view.positions.find((p) => p.tokenId === vehicle.tokenId);
      expect(position && { lat: position.lat, lon: position.lon }, `vehicle ${vehicle.tokenId}`).toEqual(
        before && { lat: before.lat, lon: before.lon },
      );
    }
  });
});
