import { describe, expect, it } from "vitest";
import { vehicleDid } from "@/lib/protocol";
import { request, setUpSandbox } from "@/test-support/sandbox";
import { type GraphQLAnswer, isoMicros, micros, telemetryQuery, tripsOf } from "@/test-support/sandbox-telemetry";
import { withSandboxDatabase } from "@/test-support/sandbox-attestation";
import { type SandboxContext } from "../../context";
import { VEHICLE_IDS } from "../../seed/vehicles";
import { DriveStore } from "../../store/drive-store";
import { VehicleStore } from "../../store/vehicle-store";
import { collectSamples } from "../../telemetry/samples";
import { storedSignals } from "../../telemetry/signals";
import { vehicleSource } from "../telemetry/vehicle-data";
import { countStatusTimes, firstStatusTime, statusTimesDesc } from "./status-times";
import { SANDBOX_SIGNAL_SOURCE } from "../telemetry/vehicle-data";

/** The sandbox's Fetch API over real HTTP: its refusals, its filters and paging, and events that agree with telemetry. */

const suite = setUpSandbox();
const BEV = VEHICLE_IDS.rawDataBev;
const DID = vehicleDid(BEV);
const HOUR_US = 3_600e6;

interface Header {
  type: string;
  id: string;
  time: string;
  source: string;
  producer: string;
  subject: string;
  dataversion: string | null;
  tags: string[];
}
interface Event {
  header: Header;
  data: { signals?: { name: string; timestamp: string; value: unknown }[]; vin?: string } | null;
  dataUrl: string | null;
}
interface Summary {
  type: string;
  count: number;
  firstSeen: string;
  lastSeen: string;
}

const HEADER = "header { type id time source producer subject dataversion dataschema signature raweventid tags }";

async function fetchQuery<T = Record<string, unknown>>(
  token: string | null,
  query: string,
  variables?: Record<string, unknown>,
): Promise<GraphQLAnswer<T>> {
  const answer = await request(`${suite.url}/fetch/query`, {
    method: "POST",
    json: { query, variables },
    ...(token ? { bearer: token } : {}),
  });
  const body = answer.body as { data?: T | null; errors?: GraphQLAnswer["errors"] } | undefined;
  return { status: answer.status, data: body?.data, errors: body?.errors, body: answer.body };
}

const rawToken = () => suite.vehicleJwt(BEV, [1, 7]);

async function events(filter: Record<string, unknown>, limit = 10, includeDeleted = false): Promise<Event[]> {
  const answer = await fetchQuery<{ cloudEvents: Event[] }>(
    await rawToken(),
    `query ($did: String!, $filter: CloudEventFilter, $limit: Int, $deleted: Boolean) {
       cloudEvents(did: $did, filter: $filter, limit: $limit, includeDeleted: $deleted) { ${HEADER} data dataUrl } }`,
    { did: DID, filter, limit, deleted: includeDeleted },
  );
  expect(answer.errors).toBeUndefined();
  return answer.data?.cloudEvents ?? [];
}

async function summaries(filter: Record<string, unknown> = {}, includeDeleted = false): Promise<Summary[]> {
  const answer = await fetchQuery<{ availableCloudEventTypes: Summary[] }>(
    await rawToken(),
    `query ($did: String!, $filter: CloudEventFilter, $deleted: Boolean) {
       availableCloudEventTypes(did: $did, filter: $filter, includeDeleted: $deleted) { type count firstSeen lastSeen } }`,
    { did: DID, filter, deleted: includeDeleted },
  );
  expect(answer.errors).toBeUndefined();
  return answer.data?.availableCloudEventTypes ?? [];
}

describe("the Fetch API's access checks", () => {
  const typesQuery = `{ availableCloudEventTypes(did: "${DID}") { type } }`;

  it("refuses a request without a token, and one with a token it cannot verify", async () => {
    const anonymous = await fetchQuery(null, typesQuery);
    expect(anonymous.status).toBe(200);
    expect(anonymous.data).toBeNull();
    expect(anonymous.errors?.map((e) => e.message)).toEqual(["unauthorized: no token claims"]);
    const forged = await fetchQuery("not.a.token", typesQuery);
    expect([forged.status, forged.body]).toEqual([401, { message: "JWT is invalid." }]);
  });

  it("refuses a Vehicle JWT without RAW_DATA, unless it holds both history privileges", async () => {
    const refused = await fetchQuery(await suite.vehicleJwt(BEV, [1, 5]), typesQuery);
    expect(refused.errors?.map((e) => e.message)).toEqual([
      "unauthorized: token does not have required permission for this operation",
    ]);
    const latest = await fetchQuery(await suite.vehicleJwt(BEV, [4]), `{ latestIndex(did: "${DID}") { indexKey } }`);
    expect(latest.data).toEqual({ latestIndex: null });
    expect(latest.errors?.[0]?.path).toEqual(["latestIndex"]);
    const history = await fetchQuery(await suite.vehicleJwt(BEV, [1, 4]), typesQuery);
    expect(history.errors).toBeUndefined();
  });

  it("refuses another vehicle's DID, and the same DID written in another case", async () => {
    const token = await rawToken();
    for (const did of [vehicleDid(VEHICLE_IDS.rawDataCombustion), DID.toLowerCase()]) {
      const answer = await fetchQuery(token, `{ indexes(did: "${did}") { indexKey } }`);
      expect(answer.errors?.map((e) => e.message)).toEqual([
        "unauthorized: token does not have access to this subject",
      ]);
    }
  });

  it("gives no vehicle of the demo license without a grant of RAW_DATA a token holding it", async () => {
    const exchange = await request(`${suite.url}/token-exchange/v1/tokens/exchange`, {
      method: "POST",
      bearer: await suite.developerJwt(),
      json: { nftContractAddress: DID.split(":")[3], tokenId: VEHICLE_IDS.manyTrips, privileges: [7] },
    });
    expect(exchange.status).toBe(403);
  });
});

describe("a vehicle's event types", () => {
  it("lists status, fingerprint, attestation and tombstone events with counts, by type name", async () => {
    const types = await summaries();
    expect(types.map((t) => t.type)).toEqual(["dimo.attestation", "dimo.fingerprint", "dimo.status", "dimo.tombstone"]);
    const trips = await tripsOf(suite, BEV);
    const byType = new Map(types.map((t) => [t.type, t]));
    // One fingerprint at the end of every trip; many status samples in each.
    expect(byType.get("dimo.fingerprint")?.count).toBe(trips.length);
    expect(byType.get("dimo.status")?.count).toBeGreaterThan(trips.length * 10);
    expect(byType.get("dimo.attestation")?.count).toBe(2);
    expect((await summaries({}, true)).find((t) => t.type === "dimo.attestation")?.count).toBe(3);
  });

  it("counts exactly the status events a range holds, its ends excluded", async () => {
    const trip = (await tripsOf(suite, BEV, 1)).at(-1);
    if (!trip) throw new Error("the vehicle has no trips");
    const around = {
      after: isoMicros(micros(trip.start.time) - 2 * HOUR_US),
      before: isoMicros(micros(trip.end.time) + HOUR_US),
    };
    const listed = await events({ type: "dimo.status", ...around }, 1000);
    expect(listed.length).toBeGreaterThan(12);
    expect(listed.length).toBeLessThan(1000);
    expect(await summaries({ type: "dimo.status", ...around })).toEqual([
      {
        type: "dimo.status",
        count: listed.length,
        firstSeen: listed.at(-1)?.header.time,
        lastSeen: listed[0]?.header.time,
      },
    ]);
    // Both bounds exclusive: the first and the last event drop out.
    const inside = { type: "dimo.status", after: listed.at(-1)?.header.time, before: listed[0]?.header.time };
    expect(await summaries(inside)).toEqual([
      {
        type: "dimo.status",
        count: listed.length - 2,
        firstSeen: listed.at(-2)?.header.time,
        lastSeen: listed[1]?.header.time,
      },
    ]);
    expect((await events(inside, 1000)).map((e) => e.header.id)).toEqual(listed.slice(1, -1).map((e) => e.header.id));
  });
});

describe("a vehicle's events", () => {
  it("pages newest first, 10 by default, with the headers a device sends through its connection", async () => {
    const page = await events({ types: ["dimo.status", "dimo.fingerprint"] }, 0);
    expect(page).toHaveLength(10);
    const times = page.map((e) => micros(e.header.time));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const { header } of page) {
      expect(header).toMatchObject({ subject: DID, source: SANDBOX_SIGNAL_SOURCE, dataversion: "default/v1.0" });
      // The real header's optional fields are Go strings: absent is "", not null.
      expect(header).toMatchObject({ dataschema: "", signature: "", raweventid: "", tags: [] });
      expect(header.producer).toMatch(/^did:erc721:137:0x[0-9a-fA-F]{40}:\d+$/);
      expect(header.id).toMatch(/^[0-9A-Za-z]{27}$/);
    }
    const next = await events({ types: ["dimo.status", "dimo.fingerprint"], before: page.at(-1)?.header.time }, 5);
    expect(micros(next[0]?.header.time ?? "")).toBeLessThan(times.at(-1) ?? 0);
    const [byId] = await events({ id: page[3]?.header.id });
    expect(byId).toEqual(page[3]);
  });

  it("carries in a status event the speed the Telemetry API gives for that moment", async () => {
    const trips = await tripsOf(suite, BEV, 1);
    const trip = trips.at(-1);
    if (!trip) throw new Error("the vehicle has no trips");
    const from = micros(trip.start.time) + 60e6;
    const status = await events({ type: "dimo.status", after: isoMicros(from), before: isoMicros(from + 60e6) }, 3);
    const [event] = status;
    const speed = event?.data?.signals?.find((s) => s.name === "speed");
    expect(speed?.timestamp).toBe(event?.header.time);
    const at = micros(event?.header.time ?? "");
    const telemetry = await telemetryQuery<{ signals: { speed: number }[] }>(
      suite,
      await suite.vehicleJwt(BEV, [1]),
      `{ signals(tokenId: ${BEV}, interval: "1s", from: "${isoMicros(at)}", to: "${isoMicros(at + 1e6)}") { speed(agg: LAST) } }`,
    );
    expect(telemetry.data?.signals[0]?.speed).toBe(speed?.value);
    expect(typeof speed?.value).toBe("number");
  });

  it("gives the VIN in fingerprint events", async () => {
    const [fingerprint] = await events({ type: "dimo.fingerprint" }, 1);
    expect(fingerprint?.data?.vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
  });

  it("hides a voided attestation unless includeDeleted, and serves a large payload through a download address", async () => {
    const shown = await events({ type: "dimo.attestation" }, 10);
    const all = await events({ type: "dimo.attestation" }, 10, true);
    const [tombstone] = await events({ type: "dimo.tombstone" }, 10);
    const voided = all.filter((e) => !shown.some((s) => s.header.id === e.header.id));
    expect(voided.map((e) => e.header.id)).toEqual([(tombstone?.data as { voidsId?: string } | null)?.voidsId]);
    expect(voided[0]?.header.source).toBe(tombstone?.header.source);

    const blob = shown.find((e) => e.dataUrl !== null);
    expect(blob?.data).toBeNull();
    const download = await request(blob?.dataUrl ?? "");
    expect(download.status).toBe(200);
    expect(download.text.length).toBeGreaterThan(100_000);
    expect((download.body as { subject: string }).subject).toBe(DID);
    const tampered = await request((blob?.dataUrl ?? "").replace(/X-Amz-Signature=./, "X-Amz-Signature=0"));
    expect(tampered.status).toBe(403);
    expect(tampered.text).toContain("SignatureDoesNotMatch");
  });

  it("answers null for the latest event of a type the vehicle has none of, and nothing for its device's DID", async () => {
    const none = await fetchQuery(
      await rawToken(),
      `{ latestCloudEvent(did: "${DID}", filter: {type: "dimo.none"}) { data } }`,
    );
    expect(none.data).toEqual({ latestCloudEvent: null });
    const [status] = await events({ type: "dimo.status" }, 1);
    const device = await fetchQuery<{ indexes: unknown[] }>(
      await rawToken(),
      `{ indexes(did: "${status?.header.producer}") { indexKey } }`,
    );
    expect(device.data).toEqual({ indexes: [] });
  });

  it("looks the same through the address a GET request carries", async () => {
    const query = `{ latestIndex(did: "${DID}", filter: {type: "dimo.status"}) { header { id } indexKey } }`;
    const get = await request(`${suite.url}/fetch/query?query=${encodeURIComponent(query)}`, {
      bearer: await rawToken(),
    });
    const post = await fetchQuery(await rawToken(), query);
    expect(get.status).toBe(200);
    expect(get.body).toEqual(post.body);
  });
});

describe("the status times found from the trips alone", () => {
  it("are exactly the simulation's sample times, counted and walked from either end", () => {
    withSandboxDatabase(suite.sandbox.dataDir, (db) => {
      const context = { vehicles: new VehicleStore(db), drives: new DriveStore(db) } as unknown as SandboxContext;
      const source = vehicleSource(context, VEHICLE_IDS.rawDataCombustion);
      if (!source) throw new Error("the vehicle has no data");
      const [newer, older] = source.drives.newestStartedBy(source.tokenId, Date.now() * 1000, 2);
      if (!newer || !older) throw new Error("the vehicle has fewer than two trips");
      // From inside the older trip, over its parked time, to inside the newer one.
      const range = { afterUs: older.startUs + 61e6, beforeUs: newer.startUs + 301e6 };
      const samples = collectSamples(source, range.afterUs + 1, range.beforeUs, new Set(storedSignals(source.vehicle)));
      const simulated = new Set([...samples.floats.values(), ...samples.strings.values()].flatMap((s) => s.t));
      samples.location.t.forEach((t) => simulated.add(t));
      const expected = [...simulated].sort((a, b) => b - a);
      expect(expected.length).toBeGreaterThan(60);
      expect(statusTimesDesc(source, range, Infinity)).toEqual(expected);
      expect(countStatusTimes(source, range)).toBe(expected.length);
      expect(firstStatusTime(source, range)).toBe(expected.at(-1));
      expect(statusTimesDesc(source, range, 7)).toEqual(expected.slice(0, 7));

      // A whole history of 300 trips is counted from the trip totals, its halves trip by trip: they agree.
      const whole = { afterUs: -1, beforeUs: Date.now() * 1000 };
      const split = source.drives.newestStartedBy(source.tokenId, whole.beforeUs, 150).at(-1)?.startUs ?? 0;
      const halves =
        countStatusTimes(source, { afterUs: -1, beforeUs: split }) +
        countStatusTimes(source, { afterUs: split, beforeUs: whole.beforeUs });
      expect(countStatusTimes(source, whole)).toBe(halves + 1);
    });
  });
});
