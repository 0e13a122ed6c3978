import { describe, expect, it } from "vitest";
import { topLevelFields } from "./top-level-fields";

describe("topLevelFields", () => {
  it("names the fields each operation selects at its top level, not nested ones", () => {
    expect(topLevelFields({ query: '{ vehicle(tokenId: 1) { owner sacd(grantee: "0x") { permissions } } }' })).toEqual([
      "vehicle",
    ]);
    expect(
      topLevelFields({ query: "query A { vehicles(first: 1) { totalCount } developerLicense(by: {}) { owner } }" }),
    ).toEqual(["vehicles", "developerLicense"]);
  });

  it("finds none in what is not a GraphQL request", () => {
    expect(topLevelFields(undefined)).toEqual([]);
    expect(topLevelFields({ query: 5 })).toEqual([]);
    expect(topLevelFields({ query: "{ unclosed(" })).toEqual([]);
  });
});
