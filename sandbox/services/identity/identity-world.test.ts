import { beforeEach, describe, expect, it } from "vitest";
import { vehicleDid } from "@/lib/protocol";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { SEED_VEHICLES, VEHICLE_IDS } from "../../seed/vehicles";
import { request, setUpSandbox } from "@/test-support/sandbox";
import { globalId } from "./global-id";

const suite = setUpSandbox();

async function query(source: string) {
  const answer = await request(`${suite.url}/identity/query`, { method: "POST", json: { query: source } });
  return answer.body as { data?: Record<string, unknown> | null; errors?: { message: string }[] };
}

beforeEach(async () => {
  await suite.control.reset();
});

describe("identity world", () => {
  it("finds a vehicle by tokenDID, and refuses neither or both with the real words", async () => {
    const tokenId = VEHICLE_IDS.manyTrips;
    const byDid = await query(`{ vehicle(tokenDID: "${vehicleDid(tokenId)}") { tokenId id } }`);
    expect(byDid.data?.vehicle).toEqual({ tokenId, id: globalId("V", tokenId) });
    for (const args of ["", `tokenId: ${tokenId}, tokenDID: "${vehicleDid(tokenId)}"`]) {
      const answer = await query(`{ vehicle${args ? `(${args})` : ""} { tokenId } }`);
      expect(answer.errors?.[0]?.message).toBe("provide exactly one of `tokenID` or `tokenDID`");
    }
    const unknown = await query(`{ vehicle(tokenDID: "${vehicleDid(5)}") { tokenId } }`);
    expect(unknown.errors?.[0]?.message).toBe(`No vehicle with DID "${vehicleDid(5)}".`);
  });

  it("writes node ids as the real service does and reads them back through node(id:)", async () => {
    expect(globalId("V", 1)).toBe("V_kQE=");
    const tokenId = VEHICLE_IDS.manyTrips;
    const answer = await query(`{ node(id: "${globalId("V", tokenId)}") { id ... on Vehicle { tokenId } } }`);
    expect(answer.data?.node).toEqual({ id: globalId("V", tokenId), tokenId });
  });

  it("answers every Vehicle field, with the manufacturer and device of the seeded vehicle", async () => {
    const answer = await query(`{ vehicle(tokenId: ${VEHICLE_IDS.manyTrips}) {
      id tokenId tokenDID owner mintedAt name imageURI image dataURI definition { id make model year }
      manufacturer { name tokenId deviceDefinitions(first: 10) { nodes { deviceDefinitionId model year } } }
      aftermarketDevice { tokenId } syntheticDevice { tokenId connection { name } vehicle { tokenId } }
      privileges(first: 5) { totalCount } sacds(first: 5) { totalCount nodes { grantee } }
      sacd(grantee: "${DEMO_LICENSE.clientId}") { permissions } dcn { name } stake { level } storageNode { label }
      earnings { totalTokens history(first: 2) { nodes { week } } } } }`);
    expect(answer.errors).toBeUndefined();
    const vehicle = answer.data?.vehicle as Record<string, unknown>;
    const seed = SEED_VEHICLES.find((v) => v.tokenId === VEHICLE_IDS.manyTrips);
    expect(vehicle.manufacturer).toMatchObject({ name: seed?.make });
    expect(vehicle.syntheticDevice).toMatchObject({ vehicle: { tokenId: VEHICLE_IDS.manyTrips } });
    expect(vehicle.privileges).toEqual({ totalCount: 0 });
    expect(vehicle.stake).toBeNull();
  });

  it("lists the manufacturers of the seeded makes, licenses and templates", async () => {
    const answer = await query(`{ manufacturers { totalCount nodes { name } }
      developerLicenses(first: 10) { totalCount nodes { tokenId } }
      templates(first: 10) { totalCount nodes { tokenId permissions } }
      stakes(first: 5) { totalCount } }`);
    expect(answer.errors).toBeUndefined();
    const makes = new Set(SEED_VEHICLES.map((v) => v.make));
    const names = (answer.data?.manufacturers as { nodes: { name: string }[] }).nodes.map((m) => m.name);
    expect(new Set(names)).toEqual(makes);
    expect(answer.data?.developerLicenses).toMatchObject({ totalCount: 2 });
    expect(answer.data?.templates).toMatchObject({ totalCount: 3 });
    expect(answer.data?.stakes).toEqual({ totalCount: 0 });
  });
});
