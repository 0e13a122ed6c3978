import { beforeEach, describe, expect, it, vi } from "vitest";
import { createAttestationAction } from "@/lib/actions/attestation";
import { type DashboardSession } from "@/lib/auth/session";
import { getDimoClient } from "@/lib/dimo";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { setUpSandbox } from "@/test-support/sandbox";
import { listCredentials } from "./attestation";
import { getVehicleVin } from "./telemetry";
import { readVehicleList } from "./vehicle-list";

/**
 * The list's search by VIN, against the sandbox: DIMO's list of vehicles carries no VIN, so a vehicle is found by its
 * VIN once the dashboard has read it, on the Overview or in the credentials list, and not before.
 */

const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));

setUpSandbox({ pointApp: true });
beforeEach(() => {
  auth.session = { address: "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd", role: "owner" };
});

/** The token ids the list shows for a search. */
async function found(q: string): Promise<number[]> {
  const list = await readVehicleList({ search: new URLSearchParams({ q }).toString() });
  if (!list.ok) throw new Error(list.error.message);
  return list.data.rows.map((vehicle) => vehicle.tokenId);
}

describe("a search by VIN", () => {
  it("finds a vehicle by its VIN or its last six characters once the Overview has read it", async () => {
    const tokenId = VEHICLE_IDS.manyTrips;
    expect(await found(await vinFromTheClient(tokenId))).toEqual([]);
    const credential = await getVehicleVin({ tokenId });
    if (!credential.ok || !credential.data) throw new Error("the vehicle has no VIN credential");
    const { vin } = credential.data;
    expect(await found(vin)).toEqual([tokenId]);
    expect(await found(vin.slice(-6).toLowerCase())).toEqual([tokenId]);
    // With other words, each found somewhere: the make (from DIMO's list) and the VIN's end.
    expect(await found(`tesla ${vin.slice(-8)}`)).toEqual([tokenId]);
    expect(await found(`ford ${vin.slice(-8)}`)).toEqual([]);
    // Fewer than six characters of its end are not enough: a year or a token id would find any VIN ending with it.
    expect(await found(vin.slice(-5))).not.toContain(tokenId);
  });

  it("does not find a vehicle whose VIN the dashboard has not read, then finds it from its VIN credential", async () => {
    // Privileges 1 and 5: a VIN credential can be made and listed.
    const tokenId = VEHICLE_IDS.noTripsPrivilege;
    const created = await createAttestationAction({ tokenId, request: { kind: "vin" } });
    if (!created.ok) throw new Error(created.error.message);
    // The attestation's own answer carries no VIN: the vehicle is not known by it yet.
    const sandboxVin = await vinFromTheClient(tokenId);
    expect(await found(sandboxVin)).toEqual([]);

    const list = await listCredentials({ tokenId });
    if (!list.ok) throw new Error(list.error.message);
    expect(list.data.credentials.some((credential) => credential.kind === "vin")).toBe(true);
    expect(await found(sandboxVin.slice(-6))).toEqual([tokenId]);
  });
});

/** The vehicle's VIN as its VIN credential says, read through the client alone, which keeps nothing in the roster. */
async function vinFromTheClient(tokenId: number): Promise<string> {
  const credential = await getDimoClient().getVin(tokenId);
  if (!credential) throw new Error(`vehicle ${tokenId} has no VIN credential`);
  return credential.vin;
}
