import { describe, expect, it } from "vitest";
import { filterVehicles, holdsAll, readVehicleFilters, writeVehicleFilters } from "./filter-vehicles";
import { vehicleTitle } from "./vehicle-name";

const vehicles = [
  { tokenId: 21957, make: "Tesla", model: "Model 3", year: 2022, name: "blue falcon" },
  { tokenId: 17001, make: "Ford", model: "F-150", year: 2021, name: null },
  { tokenId: 11873, make: "Mazda", model: "CX-5", year: 2021, name: null },
];

const ids = (query: string) => filterVehicles(vehicles, query).map((v) => v.tokenId);

describe("filterVehicles", () => {
  it("keeps everything for an empty query", () => expect(ids("  ")).toEqual([21957, 17001, 11873]));
  it("finds by make, case-insensitively", () => expect(ids("TESLA")).toEqual([21957]));
  it("finds by model", () => expect(ids("f-150")).toEqual([17001]));
  it("finds by year", () => expect(ids("2021")).toEqual([17001, 11873]));
  it("finds by token id", () => expect(ids("21957")).toEqual([21957]));
  it("needs every word to match", () => {
    expect(ids("2021 mazda")).toEqual([11873]);
    expect(ids("2022 mazda")).toEqual([]);
  });
  it("finds by the vehicle's name", () => expect(ids("falcon")).toEqual([21957]));
  it("finds by the name of the share link that brought it", () => {
    const linkOf = (tokenId: number) => (tokenId === 17001 ? "Spring trucks" : null);
    expect(filterVehicles(vehicles, "spring", linkOf).map((v) => v.tokenId)).toEqual([17001]);
    expect(ids("spring")).toEqual([]);
  });
});

describe("vehicleTitle", () => {
  it("reads year make model", () =>
    expect(vehicleTitle(vehicles[0] as (typeof vehicles)[0])).toBe("2022 Tesla Model 3"));
  it("falls back to the name, then the token id", () => {
    expect(vehicleTitle({ tokenId: 5, year: null, make: null, model: null, name: "Herbie" })).toBe("Herbie");
    expect(vehicleTitle({ tokenId: 5, year: null, make: null, model: null, name: null })).toBe("Vehicle 5");
  });
});

describe("the list's filters in the URL", () => {
  it("reads privileges and the grant filter, ignoring what is none", () => {
    expect(
      readVehicleFilters(new URLSearchParams("privilege=4&privilege=1&privilege=9&privilege=x&grant=ended")),
    ).toEqual({ privileges: [1, 4], grant: "ended" });
    expect(readVehicleFilters(new URLSearchParams("grant=soon"))).toEqual({ privileges: [], grant: "all" });
  });

  it("writes them back beside the search, and drops the defaults", () => {
    const params = writeVehicleFilters(new URLSearchParams("q=tesla&privilege=2&grant=ended"), {
      privileges: [1, 4],
      grant: "all",
    });
    expect(params.toString()).toBe("q=tesla&privilege=1&privilege=4");
    expect(readVehicleFilters(writeVehicleFilters(params, { privileges: [], grant: "ending" }))).toEqual({
      privileges: [],
      grant: "ending",
    });
  });

  it("needs every privilege asked for", () => {
    expect(holdsAll([1, 4], [1, 4])).toBe(true);
    expect(holdsAll([1, 4, 5], [4])).toBe(true);
    expect(holdsAll([1], [1, 4])).toBe(false);
    expect(holdsAll([], [])).toBe(true);
  });
});
