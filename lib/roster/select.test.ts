import { describe, expect, it } from "vitest";
import type { Vehicle } from "@/lib/models";
import { type PrivilegeId } from "@/lib/protocol";
import { type EndedGrant } from "@/lib/share-links";
import { EMPTY_ROSTER_QUERY, ROSTER_PAGE_SIZE, type RosterQuery } from "./query";
import { type RosterSelectionInput, VIN_TAIL_MIN, isVinTail, matchingVehicles, selectRosterPage } from "./select";

const NOW = Date.parse("2026-06-01T00:00:00Z");
const DAY = 86_400_000;
const inDays = (days: number) => new Date(NOW + days * DAY).toISOString();

function vehicle(tokenId: number, make: string, model: string, year: number, more: Partial<Vehicle> = {}): Vehicle {
  return {
    tokenId,
    tokenDID: null,
    owner: `0x${String(tokenId).padStart(40, "a")}`,
    mintedAt: null,
    name: null,
    imageURI: null,
    definitionId: null,
    make,
    model,
    year,
    grant: { privileges: [1, 3, 4] as PrivilegeId[], expiresAt: inDays(200) },
    ...more,
  };
}

const FLEET: Vehicle[] = [
  vehicle(30001, "Tesla", "Model 3", 2022),
  vehicle(30002, "Ford", "F-150", 2021, { grant: { privileges: [1, 4, 5], expiresAt: inDays(10) } }),
  vehicle(30003, "Toyota", "Camry", 2019, { name: "night shift" }),
  vehicle(30004, "Ford", "Mustang Mach-E", 2023, { grant: { privileges: [1], expiresAt: inDays(-2) } }),
  vehicle(30005, "BMW", "i4", 2021, { grant: { privileges: [1, 5], expiresAt: null } }),
];
const REVOKED: EndedGrant = {
  tokenId: 777,
  title: "2020 Honda Civic",
  link: "Spring",
  privileges: [1, 4],
  ending: "revoked",
  at: inDays(-5),
};

function input(vehicles: Vehicle[] = FLEET, ended: EndedGrant[] = [REVOKED]): RosterSelectionInput {
  return {
    vehicles,
    linkOf: (id) => (id === 30003 ? "Spring BEVs" : null),
    powertrainOf: (v) => (v.make === "Tesla" || v.model === "Mustang Mach-E" ? "BEV" : v.make === "BMW" ? null : "ICE"),
    ended,
    nowMs: NOW,
  };
}
const select = (query: Partial<RosterQuery>, from = input()) =>
  selectRosterPage(from, { ...EMPTY_ROSTER_QUERY, ...query });
const ids = (query: Partial<RosterQuery>, from = input()) => select(query, from).rows.map((v) => v.tokenId);

describe("selectRosterPage", () => {
  it("lists the live grants newest first; a grant run out since it was read counts as ended", () => {
    const page = select({});
    expect(page.rows.map((v) => v.tokenId)).toEqual([30005, 30003, 30002, 30001]);
    expect(page).toMatchObject({ matched: 4, liveTotal: 4, page: 1, pageCount: 1, notices: [] });
    expect(page.ended.map((grant) => [grant.tokenId, grant.ending])).toEqual([
      [777, "revoked"],
      [30004, "expired"],
    ]);
  });

  it("searches make, model, year, token id, name and the link, every word", () => {
    expect(ids({ q: "ford" })).toEqual([30002]);
    expect(ids({ q: "2021" })).toEqual([30005, 30002]);
    expect(ids({ q: "ford 2021" })).toEqual([30002]);
    expect(ids({ q: "30003" })).toEqual([30003]);
    expect(ids({ q: "NIGHT" })).toEqual([30003]);
    expect(ids({ q: "spring" })).toEqual([30003]);
    expect(ids({ q: "porsche" })).toEqual([]);
  });

  it("searches the owner's address only when the query names one", () => {
    expect(ids({ q: "aaaa" })).toEqual([]);
    expect(ids({ q: `0x${"a".repeat(35)}30001` })).toEqual([30001]);
  });

  it("finds a vehicle by its VIN or its end where the VIN is known, and only there", () => {
    const vins: Record<number, string> = { 30001: "5YJ3E1EA7NF302022", 30003: "4T1B11HK5KU811234" };
    const from: RosterSelectionInput = { ...input(), vinOf: (id) => vins[id] ?? null };
    expect(ids({ q: "5YJ3E1EA7NF302022" }, from)).toEqual([30001]);
    expect(ids({ q: "5yj3e1ea7nf302022" }, from)).toEqual([30001]);
    expect(ids({ q: "811234" }, from)).toEqual([30003]);
    expect(ids({ q: "toyota 811234" }, from)).toEqual([30003]);
    expect(ids({ q: "ford 811234" }, from)).toEqual([]);
    // A year, or any end shorter than six, is not taken for a VIN: 2022 finds the 2022 Tesla by its year alone.
    expect(ids({ q: "2022" }, from)).toEqual([30001]);
    expect(ids({ q: "11234" }, from)).toEqual([]);
    // The middle of a VIN is not its end.
    expect(ids({ q: "E1EA7N" }, from)).toEqual([]);
    // Without the VINs (none read yet), the same search finds nothing.
    expect(ids({ q: "811234" })).toEqual([]);
  });

  it("takes a word for a VIN's end from VIN_TAIL_MIN characters on", () => {
    expect(isVinTail("4T1B11HK5KU811234", "811234")).toBe(true);
    expect(isVinTail("4T1B11HK5KU811234", "1234".padStart(VIN_TAIL_MIN - 1, "1"))).toBe(false);
    expect(isVinTail(null, "811234")).toBe(false);
    expect(isVinTail("4T1B11HK5KU811234", "4t1b11hk5ku811234")).toBe(true);
  });

  it("filters on the privileges held and on grants ending within 30 days", () => {
    expect(ids({ privileges: [5] })).toEqual([30005, 30002]);
    expect(ids({ privileges: [3, 4] })).toEqual([30003, 30001]);
    expect(ids({ grant: "ending" })).toEqual([30002]);
    expect(select({ grant: "ending" }).ended).toEqual([]);
  });

  it("shows only ended grants with grant=ended, searched and filtered like the rest", () => {
    const page = select({ grant: "ended" });
    expect(page.rows).toEqual([]);
    expect(page.ended.map((grant) => grant.tokenId)).toEqual([777, 30004]);
    expect(select({ grant: "ended", q: "honda" }).ended.map((grant) => grant.tokenId)).toEqual([777]);
    expect(select({ grant: "ended", privileges: [4] }).ended.map((grant) => grant.tokenId)).toEqual([777]);
  });

  it("filters on the powertrain where it is known, and searches it", () => {
    expect(ids({ powertrains: ["BEV"] })).toEqual([30001]);
    expect(ids({ powertrains: ["ICE"] })).toEqual([30003, 30002]);
    expect(ids({ powertrains: ["BEV", "ICE"] })).toEqual([30003, 30002, 30001]);
    expect(select({ powertrains: ["BEV"] }).ended).toEqual([]);
    // The Tesla by its powertrain, the Camry by the link that brought it ("Spring BEVs").
    expect(ids({ q: "bev" })).toEqual([30003, 30001]);
  });

  it("sorts by each order, ties broken by the newest token", () => {
    expect(ids({ sort: "oldest" })).toEqual([30001, 30002, 30003, 30005]);
    expect(ids({ sort: "name" })).toEqual([30005, 30002, 30001, 30003]);
    expect(ids({ sort: "year" })).toEqual([30001, 30005, 30002, 30003]);
    expect(ids({ sort: "expiry" })).toEqual([30002, 30003, 30001, 30005]);
  });

  it("pages 50 rows at a time, and opens a page past the end at the first, saying so", () => {
    const many = Array.from({ length: 120 }, (_, n) => vehicle(40_000 + n, "Kia", "EV6", 2024));
    const from = input(many, []);
    expect(select({}, from)).toMatchObject({ matched: 120, pageCount: 3, page: 1 });
    expect(select({ page: 2 }, from).rows.map((v) => v.tokenId)).toEqual(
      Array.from({ length: ROSTER_PAGE_SIZE }, (_, n) => 40_069 - n),
    );
    expect(select({ page: 3 }, from).rows).toHaveLength(20);
    const past = select({ page: 9 }, from);
    expect(past).toMatchObject({ page: 1, pageCount: 3 });
    expect(past.rows[0]?.tokenId).toBe(40_119);
    expect(past.notices).toEqual(["Page 9 is past the end of the list (3 pages), so it opens at its first page."]);
  });

  it("gives the export every matching row, not one page", () => {
    const many = Array.from({ length: 120 }, (_, n) => vehicle(40_000 + n, "Kia", n % 2 ? "EV6" : "Niro", 2024));
    expect(matchingVehicles(input(many, []), { ...EMPTY_ROSTER_QUERY, q: "niro" })).toHaveLength(60);
  });
});
