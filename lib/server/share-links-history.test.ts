import { describe, expect, it } from "vitest";
import type { Vehicle, VehicleAccess } from "@/lib/models";
import type { CappedLogStore } from "@/lib/store";
import { createMemoryStores } from "@/lib/store/memory";
import { saveShareLinkIn, shareLinkInput } from "./share-links";
import {
  type LandingDeps,
  checkLandingIn,
  landingInput,
  readShareRecordsIn,
  recordLandingIn,
} from "./share-links-history";

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
const LANDING_URL = "http://localhost:3000/share/landing";

/** Keeps a link named `name` for the license, as the builder's save does. */
async function keepLink(logs: CappedLogStore, name: string) {
  const settings = {
    loginUrl: "https://login.dimo.org",
    clientId: CLIENT_ID,
    licenseName: "Fleet",
    redirectUris: [LANDING_URL],
    landingUrl: LANDING_URL,
  };
  const input = shareLinkInput.parse({
    name,
    redirectUri: LANDING_URL,
    access: { kind: "privileges", privileges: [1] },
    vehicles: [],
    vehicleMakes: [],
    powertrainTypes: [],
    expirationDate: GRANT.expiresAt,
    onboarding: [],
  });
  await saveShareLinkIn({ logs, settings, now: NOW, by: "0x1", id: name }, input);
}

/**
 * A landing against `live`, DIMO's grants, for a license that keeps the link "Spring BEVs"; `forgotten` lists the
 * vehicles whose kept grant and tokens were dropped.
 */
async function deps(live: Record<number, VehicleAccess>): Promise<LandingDeps & { forgotten: number[] }> {
  const forgotten: number[] = [];
  const logs = createMemoryStores().logs;
  await keepLink(logs, "Spring BEVs");
  return {
    logs,
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
    const landing = await deps({
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
    const landing = await deps({
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
    const landing = await deps({ 7302: { status: "none" } });
    const outcome = await recordLandingIn(landing, landingInput.parse({ vehicles: [7302], revoked: [], utm: "x" }));
    expect(outcome).toEqual({ shared: [], notListed: [7302], revoked: [], stillListed: [], link: null });
    expect((await readShareRecordsIn(landing.logs, CLIENT_ID)).size).toBe(0);
  });
});

const LIVE = { status: "shared", vehicle: vehicle(7301, { privileges: [1, 4], expiresAt: GRANT.expiresAt }) } as const;
const parse = (input: object) => landingInput.parse({ vehicles: [], revoked: [], utm: null, ...input });

describe("checkLandingIn", () => {
  it("says what DIMO lists now and writes nothing: no record, no forgotten grant", async () => {
    const landing = await deps({ 7301: LIVE });
    const outcome = await checkLandingIn(landing, parse({ vehicles: [7301, 7302], revoked: [7301, 7303], utm: "x" }));
    expect(outcome).toEqual({
      shared: [{ tokenId: 7301, title: "2023 Tesla Model Y", grant: LIVE.vehicle.grant }],
      notListed: [7302],
      revoked: [{ tokenId: 7303, title: "Vehicle 7303", grant: null }],
      stillListed: [{ tokenId: 7301, title: "2023 Tesla Model Y", grant: LIVE.vehicle.grant }],
      link: null,
    });
    expect(await landing.logs.list(`share-records:${CLIENT_ID.toLowerCase()}`)).toEqual([]);
    expect(landing.forgotten).toEqual([]);
  });

  it("takes the link's name only when it is exactly a kept link's", async () => {
    const landing = await deps({});
    const linkOf = async (utm: string | null) => (await checkLandingIn(landing, parse({ utm }))).link;
    expect(await linkOf("Spring BEVs")).toBe("Spring BEVs");
    for (const forged of ["Spring BEV", "Spring BEVs!", "spring bevs", "x", null]) {
      expect(await linkOf(forged), String(forged)).toBeNull();
    }
  });
});

describe("recordLandingIn, the confirm", () => {
  const recordsOf = async (landing: LandingDeps) => readShareRecordsIn(landing.logs, CLIENT_ID);

  it("records exactly the shares DIMO lists, with no link when the name is not a kept link's", async () => {
    const landing = await deps({ 7301: LIVE, 7302: { status: "none" } });
    const outcome = await recordLandingIn(landing, parse({ vehicles: [7301, 7302], utm: "Forged" }));
    expect(outcome.shared.map((landed) => landed.tokenId)).toEqual([7301]);
    const records = await recordsOf(landing);
    expect([...records.keys()]).toEqual([7301]);
    expect(records.get(7301)).toMatchObject({ kind: "shared", link: null, privileges: [1, 4] });
  });

  it("records a revocation only once DIMO no longer lists the grant: ended or never there, not live", async () => {
    const landing = await deps({
      7301: LIVE,
      7304: { status: "expired", vehicle: vehicle(7304, null), grantEndedAt: NOW.toISOString() },
      7305: { status: "none" },
    });
    const outcome = await recordLandingIn(landing, parse({ revoked: [7301, 7304, 7305], utm: "Spring BEVs" }));
    expect(outcome.stillListed.map((landed) => landed.tokenId)).toEqual([7301]);
    expect(outcome.revoked.map((landed) => landed.tokenId)).toEqual([7304, 7305]);
    const records = await recordsOf(landing);
    expect([...records.keys()].sort()).toEqual([7304, 7305]);
    expect(records.get(7305)).toMatchObject({ kind: "revoked", link: "Spring BEVs" });
    // What the dashboard kept of each is dropped all the same, so the next read asks DIMO.
    expect(landing.forgotten.sort()).toEqual([7301, 7304, 7305]);
  });

  it("leaves an earlier share of a vehicle DIMO still lists as it was", async () => {
    const landing = await deps({ 7301: LIVE });
    await recordLandingIn(landing, parse({ vehicles: [7301], utm: "Spring BEVs" }));
    await recordLandingIn(landing, parse({ revoked: [7301] }));
    expect((await recordsOf(landing)).get(7301)).toMatchObject({ kind: "shared", link: "Spring BEVs" });
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

  it("takes up to 100 vehicles, shared and revoked together, and a name of up to 200 characters, and no more", () => {
    const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
    expect(accepts({ vehicles: ids(60), revoked: ids(40), utm: "x".repeat(200) })).toBe(true);
    expect(accepts({ vehicles: ids(100) })).toBe(true);
    expect(accepts({ revoked: ids(100) })).toBe(true);
    expect(accepts({ vehicles: ids(60), revoked: ids(41) })).toBe(false);
    expect(accepts({ vehicles: ids(101) })).toBe(false);
    expect(accepts({ revoked: ids(101) })).toBe(false);
    expect(accepts({ utm: "x".repeat(201) })).toBe(false);
  });
});
