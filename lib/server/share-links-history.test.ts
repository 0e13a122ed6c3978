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

const forgotten: number[] = [];

function deps(live: Record<number, VehicleAccess>): LandingDeps {
  return {
    logs: createMemoryStores().logs,
    clientId: CLIENT_ID,
    now: NOW,
    forget: async (tokenId) => {
      forgotten.push(tokenId);
    },
    access: async (tokenId) => live[tokenId] ?? { status: "none" },
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
    expect(forgotten).toEqual(expect.arrayContaining([7301, 7302]));

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

  it("records a revocation under the name the vehicle had when it came", async () => {
    const landing = deps({
      7301: { status: "shared", vehicle: vehicle(7301, { privileges: [1, 4], expiresAt: GRANT.expiresAt }) },
    });
    await recordLandingIn(landing, landingInput.parse({ vehicles: [7301], revoked: [], utm: "Spring BEVs" }));
    const outcome = await recordLandingIn(
      { ...landing, access: async () => ({ status: "none" }) },
      landingInput.parse({ vehicles: [], revoked: [7301, 7309], utm: null }),
    );
    expect(outcome.revoked.map((landed) => landed.title)).toEqual(["2023 Tesla Model Y", "Vehicle 7309"]);
    const records = await readShareRecordsIn(landing.logs, CLIENT_ID);
    expect(records.get(7301)).toMatchObject({ kind: "revoked", privileges: [1, 4], link: null });
  });

  it("refuses ids that are not vehicle ids, recording nothing", () => {
    expect(landingInput.safeParse({ vehicles: ["abc"], revoked: [], utm: null }).success).toBe(false);
    expect(landingInput.safeParse({ vehicles: [0], revoked: [], utm: null }).success).toBe(false);
  });
});
