import { describe, expect, it } from "vitest";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { encodePermissions } from "@/lib/protocol";
import { SEED_VEHICLES, VEHICLE_IDS } from "../../seed/vehicles";
import { OTHER_LICENSE } from "../../seed/wallets";
import { request, setUpSandbox } from "@/test-support/sandbox";

/** The vehicle fields DIMO's official SDKs ask for: the sacds connection and the paired devices. */
const suite = setUpSandbox();

async function query(source: string) {
  const answer = await request(`${suite.url}/identity/query`, { method: "POST", json: { query: source } });
  expect(answer.status).toBe(200);
  return answer.body as { data?: Record<string, unknown> | null; errors?: { message: string }[] };
}

interface SacdConnection {
  totalCount: number;
  pageInfo: { startCursor: string | null; endCursor: string | null; hasNextPage: boolean };
  nodes: { grantee: string; permissions: string; expiresAt: string; source: string; createdAt: string }[];
}

async function sacds(tokenId: number, args = "first: 100, after: null"): Promise<SacdConnection> {
  const answer = await query(
    `{ vehicle(tokenId: ${tokenId}) { sacds(${args}) {
        totalCount pageInfo { startCursor endCursor hasNextPage } nodes { grantee permissions expiresAt source createdAt } } } }`,
  );
  expect(answer.errors).toBeUndefined();
  return (answer.data?.vehicle as { sacds: SacdConnection }).sacds;
}

describe("Vehicle.sacds", () => {
  it("lists the vehicle's active grants with the same fields as sacd(grantee)", async () => {
    const connection = await sacds(VEHICLE_IDS.manyTrips);
    expect(connection.totalCount).toBe(1);
    expect(connection.pageInfo.hasNextPage).toBe(false);
    expect(connection.pageInfo.startCursor).toBe(connection.pageInfo.endCursor);
    const node = connection.nodes[0];
    expect(node?.grantee).toBe(DEMO_LICENSE.clientId);
    expect(node?.permissions).toBe(encodePermissions([1, 2, 3, 4, 5, 6]));
    expect(node?.source).toMatch(/^ipfs:\/\//);
    expect(Date.parse(node?.expiresAt ?? "")).toBeGreaterThan(Date.now());

    const single = await query(
      `{ vehicle(tokenId: ${VEHICLE_IDS.manyTrips}) { sacd(grantee: "${DEMO_LICENSE.clientId}") { grantee permissions expiresAt source createdAt } } }`,
    );
    expect((single.data?.vehicle as { sacd: unknown }).sacd).toEqual(node);
  });

  it("leaves out expired grants, and is empty for a vehicle granted to nobody", async () => {
    expect((await sacds(VEHICLE_IDS.expiredGrant)).totalCount).toBe(0);
    expect((await sacds(VEHICLE_IDS.expiredGrant)).nodes).toEqual([]);
    const none = await sacds(VEHICLE_IDS.notGranted);
    expect(none).toEqual({
      totalCount: 0,
      pageInfo: { startCursor: null, endCursor: null, hasNextPage: false },
      nodes: [],
    });
    expect((await sacds(VEHICLE_IDS.grantedToOtherLicense)).nodes.map((n) => n.grantee)).toEqual([
      OTHER_LICENSE.clientId,
    ]);
  });

  it("pages like the other connections: first at most 100, cursors after the end give nothing", async () => {
    const first = await sacds(VEHICLE_IDS.manyTrips, "first: 1");
    const after = await sacds(VEHICLE_IDS.manyTrips, `first: 1, after: "${first.pageInfo.endCursor}"`);
    expect(after.nodes).toEqual([]);
    expect(after.totalCount).toBe(1);
    const tooMany = await query(`{ vehicle(tokenId: ${VEHICLE_IDS.manyTrips}) { sacds(first: 101) { totalCount } } }`);
    expect(tooMany.errors?.[0]?.message).toBe("the value 101 for `first` exceeds the limit 100");
  });
});

describe("Vehicle.aftermarketDevice and syntheticDevice", () => {
  const devicesOf = async (tokenId: number) => {
    const answer = await query(
      `{ vehicle(tokenId: ${tokenId}) { aftermarketDevice { tokenId address } syntheticDevice { tokenId address } } }`,
    );
    expect(answer.errors).toBeUndefined();
    return answer.data?.vehicle as {
      aftermarketDevice: { tokenId: number; address: string } | null;
      syntheticDevice: { tokenId: number; address: string } | null;
    };
  };

  it("pairs a Tesla through a synthetic device, other makes through an aftermarket one, none without trips", async () => {
    const tesla = await devicesOf(VEHICLE_IDS.manyTrips);
    expect(tesla.aftermarketDevice).toBeNull();
    expect(tesla.syntheticDevice?.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(Number.isInteger(tesla.syntheticDevice?.tokenId)).toBe(true);

    const ford = await devicesOf(VEHICLE_IDS.perf);
    expect(ford.syntheticDevice).toBeNull();
    expect(ford.aftermarketDevice?.address).toMatch(/^0x[0-9a-fA-F]{40}$/);

    expect(await devicesOf(VEHICLE_IDS.noTrips)).toEqual({ aftermarketDevice: null, syntheticDevice: null });
  });

  it("is deterministic and distinct per vehicle", async () => {
    const addresses = new Set<string>();
    for (const vehicle of SEED_VEHICLES.filter((v) => v.trips.count > 0)) {
      const devices = await devicesOf(vehicle.tokenId);
      const device = devices.aftermarketDevice ?? devices.syntheticDevice;
      expect(device).not.toBeNull();
      addresses.add(device?.address ?? "");
      expect(await devicesOf(vehicle.tokenId)).toEqual(devices);
    }
    expect(addresses.size).toBe(SEED_VEHICLES.filter((v) => v.trips.count > 0).length);
  });

  it("answers the SDK's listVehicleDefinitionsPerAddress query as written", async () => {
    const owner = SEED_VEHICLES.find((v) => v.tokenId === VEHICLE_IDS.manyTrips)?.owner ?? "";
    const answer = await query(`
      {
        vehicles(filterBy: {owner: "${owner}"}, first: 10) {
          nodes {
            aftermarketDevice { tokenId address }
            syntheticDevice { address tokenId }
            definition { make model year }
          }
        }
      }`);
    expect(answer.errors).toBeUndefined();
    const nodes = (answer.data?.vehicles as { nodes: { definition: { make: string } }[] }).nodes;
    expect(nodes.length).toBe(SEED_VEHICLES.filter((v) => v.owner === owner).length);
    expect(nodes.map((n) => n.definition.make)).toContain("Tesla");
  });
});
