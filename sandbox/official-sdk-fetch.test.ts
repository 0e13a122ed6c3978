import { type DIMO } from "@dimo-network/data-sdk";
import { decodeJwt } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { vehicleDid } from "@/lib/protocol";
import { sdkAgainstSandbox, sdkMethod } from "@/test-support/official-sdk";
import { setUpSandbox } from "@/test-support/sandbox";
import { VEHICLE_IDS } from "./seed/vehicles";

/**
 * Every method of the official data SDK's Fetch resource, unchanged, against a test sandbox: its four named queries and
 * its custom query (which the SDK also exposes, by the way it builds custom queries, as `auth`). As in
 * official-sdk.test.ts, the SDK takes no base URLs, so the test adds an environment naming the sandbox.
 */

type AuthHeaders = { headers: { Authorization: string } };
interface Header {
  id: string;
  type: string;
  subject: string;
  source: string;
  producer: string;
  specversion: string;
  time: string;
  tags: string[];
}
type Answer<T> = { data: T; errors?: { message: string }[] };

const VEHICLE = VEHICLE_IDS.rawDataCombustion;
const DID = vehicleDid(VEHICLE);

describe("the official data SDK's Fetch resource against the sandbox", () => {
  const suite = setUpSandbox();
  let dimo: DIMO;
  let auth: AuthHeaders;

  beforeAll(async () => {
    dimo = sdkAgainstSandbox("Sandbox-fetch", suite.url);
    const developerJwt = { headers: { Authorization: `Bearer ${await suite.developerJwt()}` } };
    auth = await sdkMethod<AuthHeaders>(dimo.tokenexchange, "getVehicleJwt")({ ...developerJwt, tokenId: VEHICLE });
  });

  const fetchMethod = <T>(name: string) => sdkMethod<Answer<T>>(dimo.fetch, name);

  it("getLatestIndexKey and getIndexKeys: the newest index entries, filtered and limited", async () => {
    // The SDK asks the exchange for every privilege the grant holds: RAW_DATA among them.
    expect(decodeJwt(auth.headers.Authorization.replace(/^Bearer /, "")).privilege_ids).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const latest = await fetchMethod<{ latestIndex: { header: Header; indexKey: string } }>("getLatestIndexKey")({
      ...auth,
      did: DID,
      filter: { type: "dimo.status" },
    });
    expect(latest.errors).toBeUndefined();
    expect(latest.data.latestIndex.header).toMatchObject({ type: "dimo.status", subject: DID, specversion: "1.0" });

    const keys = await fetchMethod<{ indexes: { header: Header; indexKey: string }[] }>("getIndexKeys")({
      ...auth,
      did: DID,
      limit: 5,
      filter: { types: ["dimo.status", "dimo.fingerprint"] },
    });
    expect(keys.data.indexes).toHaveLength(5);
    expect(keys.data.indexes[0]).toEqual(latest.data.latestIndex);
    expect(new Set(keys.data.indexes.map((i) => i.indexKey)).size).toBe(5);
  });

  it("getLatestObject and getObjects: whole events with their JSON payloads", async () => {
    const latest = await fetchMethod<{ latestCloudEvent: { header: Header; data: { vin?: string } } }>(
      "getLatestObject",
    )({ ...auth, did: DID, filter: { type: "dimo.fingerprint" } });
    expect(latest.data.latestCloudEvent.data.vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);

    const objects = await fetchMethod<{ cloudEvents: { header: Header; data: { signals: { name: string }[] } }[] }>(
      "getObjects",
    )({
      ...auth,
      did: DID,
      limit: 3,
      filter: { type: "dimo.status", before: latest.data.latestCloudEvent.header.time },
    });
    expect(objects.data.cloudEvents).toHaveLength(3);
    for (const event of objects.data.cloudEvents) {
      expect(Date.parse(event.header.time)).toBeLessThan(Date.parse(latest.data.latestCloudEvent.header.time));
      expect(event.data.signals.map((s) => s.name)).toContain("isIgnitionOn");
    }
  });

  it("query (and its twin, auth): any query, here the event types with their counts", async () => {
    const query = `{ availableCloudEventTypes(did: "${DID}") { type count } }`;
    const types = await fetchMethod<{ availableCloudEventTypes: { type: string; count: number }[] }>("query")({
      ...auth,
      query,
    });
    expect(types.data.availableCloudEventTypes.map((t) => t.type)).toEqual([
      "dimo.attestation",
      "dimo.fingerprint",
      "dimo.status",
      "dimo.tombstone",
    ]);
    expect(await fetchMethod("auth")({ ...auth, query })).toEqual(types);
  });

  it("surfaces the service's refusal of a token without RAW_DATA", async () => {
    const narrow = { headers: { Authorization: `Bearer ${await suite.vehicleJwt(VEHICLE, [1, 5])}` } };
    const refused = await fetchMethod<{ latestIndex: null }>("getLatestIndexKey")({ ...narrow, did: DID });
    expect(refused).toEqual({
      data: { latestIndex: null },
      errors: [
        expect.objectContaining({
          message: "unauthorized: token does not have required permission for this operation",
          path: ["latestIndex"],
        }),
      ],
    });
  });
});
