import { describe, expect, it } from "vitest";
import { FEATURES, canUse } from "@/lib/features";
import type { Vehicle } from "@/lib/models";
import { type PrivilegeId } from "@/lib/protocol";
import { parseRosterQuery } from "@/lib/roster/query";
import { type RosterSelectionInput, selectRosterPage } from "@/lib/roster/select";
import { type EndedGrant } from "@/lib/share-links";
import { type FleetCount, TOP_MAKES, TOP_YEARS, fleetSummary, privilegeFilterFor } from "./summary";

const NOW = Date.parse("2026-06-01T00:00:00Z");
const DAY = 86_400_000;
const inDays = (days: number) => new Date(NOW + days * DAY).toISOString();

/** Privilege sets named by what they give, found through the rules rather than written as numbers. */
const LOCATION = FEATURES.location.allOf;
const TELEMETRY = FEATURES.telemetry.allOf;
const VIN = FEATURES.vin.allOf;
const APPROXIMATE_ONLY = FEATURES.approximateLocation.anyOf.filter((id) => !LOCATION.includes(id));

function vehicle(tokenId: number, more: Partial<Vehicle> = {}): Vehicle {
  return {
    tokenId,
    tokenDID: null,
    owner: `0x${String(tokenId).padStart(40, "a")}`,
    mintedAt: null,
    name: null,
    imageURI: null,
    definitionId: null,
    make: "Ford",
    model: "F-150",
    year: 2021,
    grant: { privileges: [...TELEMETRY, ...LOCATION] as PrivilegeId[], expiresAt: inDays(200) },
    ...more,
  };
}

const grant = (privileges: readonly PrivilegeId[], expiresAt: string | null = inDays(200)) => ({
  privileges: [...new Set(privileges)].sort((a, b) => a - b),
  expiresAt,
});

const REVOKED: EndedGrant = {
  tokenId: 777,
  title: "2020 Honda Civic",
  link: null,
  privileges: [...TELEMETRY],
  ending: "revoked",
  at: inDays(-5),
};

function input(vehicles: Vehicle[], ended: EndedGrant[] = []): RosterSelectionInput {
  return {
    vehicles,
    linkOf: () => null,
    powertrainOf: (v) => (v.make === "Tesla" ? "BEV" : v.make === "Ford" ? "ICE" : v.make === "Odd" ? "Steam" : null),
    ended,
    nowMs: NOW,
  };
}

const FLEET: Vehicle[] = [
  vehicle(1, { make: "Tesla", model: "Model 3", year: 2023 }),
  vehicle(2, { make: "Tesla", model: "Model Y", year: 2022, grant: grant([...TELEMETRY, ...VIN], inDays(10)) }),
  vehicle(3, { grant: grant([...APPROXIMATE_ONLY]) }),
  vehicle(4, { make: null, year: null, grant: grant([...TELEMETRY, ...LOCATION, ...VIN], null) }),
  vehicle(5, { make: "Odd", grant: grant(TELEMETRY, inDays(-1)) }),
  vehicle(6, { make: "BMW", year: 2019, grant: grant(TELEMETRY, inDays(29)) }),
];

const byKey = (rows: readonly FleetCount[]) => Object.fromEntries(rows.map((row) => [row.key, row.count]));
/** How many live vehicles the vehicle list shows for a count's link. */
const listed = (href: string | null) => {
  const search = new URL(href ?? "", "http://x").searchParams;
  const selection = selectRosterPage(input(FLEET, [REVOKED]), parseRosterQuery(search).query);
  return search.get("grant") === "ended" ? selection.endedMatched : selection.matched;
};

describe("fleetSummary", () => {
  const summary = fleetSummary(input(FLEET, [REVOKED]), null);

  it("counts the live vehicles only, by make, year and powertrain", () => {
    expect(summary.total).toBe(5);
    expect(byKey(summary.makes)).toEqual({ "make:Tesla": 2, "make:Ford": 1, "make:BMW": 1, "make:unknown": 1 });
    expect(byKey(summary.years)).toEqual({
      "year:2023": 1,
      "year:2022": 1,
      "year:2021": 1,
      "year:2019": 1,
      "year:unknown": 1,
    });
    expect(summary.years.map((row) => row.key)).toEqual([
      "year:2023",
      "year:2022",
      "year:2021",
      "year:2019",
      "year:unknown",
    ]);
    expect(byKey(summary.powertrains)).toEqual({ "powertrain:BEV": 2, "powertrain:ICE": 1, "powertrain:unknown": 2 });
  });

  it("counts what the grants give through the feature rules", () => {
    const live = FLEET.filter((v) => v.tokenId !== 5);
    const count = (test: (v: Vehicle) => boolean) => live.filter(test).length;
    const coverage = byKey(summary.coverage);
    expect(coverage.location).toBe(count((v) => canUse(v.grant, "location")));
    expect(coverage.location).toBe(2);
    expect(coverage.approximateLocation).toBe(1);
    expect(coverage.noLocation).toBe(2);
    expect(coverage.vin).toBe(2);
    expect(coverage.telemetry).toBe(count((v) => canUse(v.grant, "telemetry")));
  });

  it("counts grants ending soon and ended ones as the vehicle list does", () => {
    expect(summary.grants.ending.count).toBe(2);
    // The revoked grant the dashboard saw, and the one that ran out since the roster read it.
    expect(summary.grants.ended.count).toBe(2);
    expect(listed(summary.grants.ending.href)).toBe(2);
    expect(listed(summary.grants.ended.href)).toBe(2);
  });

  it("links each count the list can filter on to a list of the same vehicles", () => {
    const linked = [...summary.makes, ...summary.powertrains, ...summary.coverage].filter((row) => row.href !== null);
    expect(linked.map((row) => row.key).sort()).toEqual(
      [
        "make:BMW",
        "make:Ford",
        "make:Tesla",
        "powertrain:BEV",
        "powertrain:ICE",
        "location",
        "vin",
        "telemetry",
      ].sort(),
    );
    for (const row of linked) expect(listed(row.href), row.key).toBe(row.count);
    expect(summary.years.every((row) => row.href === null)).toBe(true);
  });

  it("names a powertrain the list cannot filter without a link", () => {
    const odd = fleetSummary(input([vehicle(9, { make: "Odd" })]), null);
    expect(odd.powertrains).toEqual([{ key: "powertrain:Steam", label: "Steam", count: 1, href: null }]);
  });

  it("keeps to the most common makes and the newest years, adding up the rest", () => {
    const many = Array.from({ length: 400 }, (_, i) =>
      vehicle(1000 + i, { make: `Make ${i % 40}`, year: 1980 + (i % 30) }),
    );
    const big = fleetSummary(input(many), null);
    expect(big.makes).toHaveLength(TOP_MAKES + 1);
    expect(big.makes.at(-1)).toMatchObject({ key: "make:other", count: 400 - TOP_MAKES * 10, href: null });
    expect(big.years).toHaveLength(TOP_YEARS + 1);
    expect(big.years[0]?.label).toBe("2009");
    expect(big.years.at(-1)).toMatchObject({ key: "year:earlier", label: `${2009 - TOP_YEARS} and earlier` });
    const sum = (rows: readonly FleetCount[]) => rows.reduce((total, row) => total + row.count, 0);
    expect(sum(big.makes)).toBe(400);
    expect(sum(big.years)).toBe(400);
  });

  it("says who was not seen for a week, and for whom it is not known yet", () => {
    const vinOnly = vehicle(7, { grant: grant(VIN) });
    const seen = fleetSummary(input([...FLEET, vinOnly]), {
      lastSeenMs: { 1: NOW - DAY, 2: NOW - 8 * DAY, 5: NOW - 20 * DAY },
      nowMs: NOW,
    }).seen;
    // 5 has expired and is left out; 3, 4 and 6 may be read but were not yet; 7's grant gives no signal to read.
    expect(seen).toEqual({ withinWeek: 1, notForWeek: 1, notYetKnown: 3, noSignalsGrant: 1 });
    expect(fleetSummary(input(FLEET), null).seen).toBeNull();
  });

  it("finds the list's privilege filter for a rule, or none for alternatives", () => {
    expect(privilegeFilterFor("location")).toEqual([...LOCATION]);
    expect(privilegeFilterFor("approximateLocation")).toBeNull();
  });
});
