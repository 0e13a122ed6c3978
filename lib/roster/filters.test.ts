import { describe, expect, it } from "vitest";
import { holdsAll, matchesQuery } from "./filters";
import { vehicleTitle } from "./vehicle-title";

const tesla = { tokenId: 21957, make: "Tesla", model: "Model 3", year: 2022, name: "blue falcon" };
const partsOf = (vehicle: typeof tesla) => [vehicle.make, vehicle.model, vehicle.year, vehicle.tokenId, vehicle.name];

describe("matchesQuery", () => {
  it("matches everything for an empty query", () => expect(matchesQuery(partsOf(tesla), "  ")).toBe(true));
  it("finds a part case-insensitively", () => expect(matchesQuery(partsOf(tesla), "TESLA")).toBe(true));
  it("finds numbers among the parts", () => {
    expect(matchesQuery(partsOf(tesla), "2022")).toBe(true);
    expect(matchesQuery(partsOf(tesla), "21957")).toBe(true);
  });
  it("needs every word to match", () => {
    expect(matchesQuery(partsOf(tesla), "2022 tesla")).toBe(true);
    expect(matchesQuery(partsOf(tesla), "2021 tesla")).toBe(false);
  });
  it("skips missing parts rather than matching their names", () => {
    expect(matchesQuery(["Ford", null, undefined], "ford")).toBe(true);
    expect(matchesQuery(["Ford", null, undefined], "null")).toBe(false);
    expect(matchesQuery(["Ford", null, undefined], "undefined")).toBe(false);
  });
});

describe("vehicleTitle", () => {
  it("reads year make model", () => expect(vehicleTitle(tesla)).toBe("2022 Tesla Model 3"));
  it("falls back to the name, then the token id", () => {
    expect(vehicleTitle({ tokenId: 5, year: null, make: null, model: null, name: "Herbie" })).toBe("Herbie");
    expect(vehicleTitle({ tokenId: 5, year: null, make: null, model: null, name: null })).toBe("Vehicle 5");
  });
});

describe("holdsAll", () => {
  it("needs every privilege asked for", () => {
    expect(holdsAll([1, 4], [1, 4])).toBe(true);
    expect(holdsAll([1, 4, 5], [4])).toBe(true);
    expect(holdsAll([1], [1, 4])).toBe(false);
    expect(holdsAll([], [])).toBe(true);
  });
});
