import { describe, expect, it } from "vitest";
import type { Vehicle, VehicleAccess } from "@/lib/models";
import { createMemoryStores } from "@/lib/store/memory";
import { type LandingDeps, landingInput, readShareRecordsIn, recordLandingIn } from "./share-links-history";

const CLIENT_ID = "0x52D52df587cB2E014Ae81495D88c71c819779923";
const NOW = new Date("2026-06-01T12:00:00.000Z");

const vehicle = (tokenId: number, grant: Vehicle["grant"]): Vehicle => ({
  tokenId,
  tokenDID: null,
  owner: "0x9F91Cb47De13620C1F9b8b828a7774636B3641B3",
  mintedAt: null,
  name: null,
  imageURI: null,
  definitionId: null,
  make: "Tesla",
  model: "Model Y",
  year: 2023,
  grant,
});

const GRANT = { expiresAt: "2027-06-01T12:00:00Z" };

/** A landing against `live`, DIMO's grants; `forgotten` lists the vehicles whose kept grant and tokens were dropped. */
function deps(live: Record<number, VehicleAccess>): LandingDeps & { forgotten: number[] } {
  const forgotten: number[] = [];
  return {
    logs: createMemoryStores().logs,
    clientId: CLIENT_ID,
    now: NOW,
    forget: async (tokenId) => {
      forgotten.push(tokenId);
    },
    access: async (tokenId) => live[tokenId] ?? { status: "none" },
    forgotten,
  };
}

describe("recordLandingIn", () => {
  it("records the vehicles DIMO lists as shared, with the link and the grant, and leaves the others out", async () => {
    const landing = deps({
      7301: { status: "shared", vehicle: vehicle(7301, { privileges: [1, 4], expiresAt: GRANT.expiresAt }) },
    });
    const outcome = await recordLandingIn(
      landing,
      landingInput.parse({ vehicles: ["7301", 7302], revoked: [], utm: "Spring BEVs" }),
    );
    expect(outcome.shared.map((landed) => [landed.tokenId, landed.title])).toEqual([[7301, "2023 Tesla Model Y"]]);
    expect(outcome.notListed).toEqual([7302]);
    expect(landing.forgotten.sort()).toEqual([7301, 7302]);

    const records = await readShareRecordsIn(landing.logs, CLIENT_ID);
    expect([...records.keys()]).toEqual([7301]);
    expect(records.get(7301)).toEqual({
      kind: "shared",
      tokenId: 7301,
      link: "Spring BEVs",
      at: NOW.toISOString(),
      title: "2023 Tesla Model Y",
      privileges: [1, 4],
      expiresAt: GRANT.expiresAt,
    });
  });

  it("records a revocation under the name the vehicle had when it came, forgetting what was kept of it", async () => {
    const landing = deps({
      7301: { status: "shared", vehicle: vehicle(7301, { privileges: [1, 4], expiresAt: GRANT.expiresAt }) },
    });
    await recordLandingIn(landing, landingInput.parse({ vehicles: [7301], revoked: [], utm: "Spring BEVs" }));
    landing.forgotten.length = 0;
    const outcome = await recordLandingIn(
      { ...landing, access: async () => ({ status: "none" }) },
      landingInput.parse({ vehicles: [], revoked: [7301, 7309], utm: null }),
    );
    expect(outcome.revoked.map((landed) => landed.title)).toEqual(["2023 Tesla Model Y", "Vehicle 7309"]);
    expect(landing.forgotten.sort()).toEqual([7301, 7309]);
    const records = await readShareRecordsIn(landing.logs, CLIENT_ID);
    expect(records.get(7301)).toMatchObject({ kind: "revoked", privileges: [1, 4], link: null });
  });

  it("records nothing when DIMO lists no grant on any of the vehicles", async () => {
    const landing = deps({ 7302: { status: "none" } });
    const outcome = await recordLandingIn(landing, landingInput.parse({ vehicles: [7302], revoked: [], utm: "x" }));
    expect(outcome).toEqual({ shared: [], notListed: [7302], revoked: [] });
    expect((await readShareRecordsIn(landing.logs, CLIENT_ID)).size).toBe(0);
  });
});

describe("landingInput", () => {
  const accepts = (input: object) => landingInput.safeParse({ vehicles: [], revoked: [], utm: null, ...input }).success;

  it("takes vehicle ids from 1 to 2147483647, shared or revoked, and refuses those past either end", () => {
    expect(accepts({ vehicles: [1, "2147483647"], revoked: [1, 2147483647] })).toBe(true);
    for (const id of ["abc", 0, 2147483648, 1.5]) {
      expect(accepts({ vehicles: [id] }), String(id)).toBe(false);
      expect(accepts({ revoked: [id] }), String(id)).toBe(false);
    }
  });

  it("takes up to 1000 vehicles of each kind and a name of up to 200 characters, and refuses one more", () => {
    const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
    expect(accepts({ vehicles: ids(1000), revoked: ids(1000), utm: "x".repeat(200) })).toBe(true);
    expect(accepts({ vehicles: ids(1001) })).toBe(false);
    expect(accepts({ revoked: ids(1001) })).toBe(false);
    expect(accepts({ utm: "x".repeat(201) })).toBe(false);
  });
});
