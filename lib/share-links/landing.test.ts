import { describe, expect, it } from "vitest";
import { LANDING_PAGE_MAX, landingPage, readLandingParams, recordedLandingWords, sharedCountWords } from "./landing";

describe("the landing page's parameters", () => {
  it("reads the shared vehicles, comma-joined or repeated, without repeats", () => {
    expect(readLandingParams({ sharedVehicles: "12,34", utm: "Spring" })).toEqual({
      vehicles: [12, 34],
      revoked: [],
      utm: "Spring",
      unreadable: [],
    });
    expect(readLandingParams({ sharedVehicles: ["12", "34,12"] }).vehicles).toEqual([12, 34]);
  });

  it("keeps what is no vehicle id aside, and takes no vehicles at all", () => {
    expect(readLandingParams({ sharedVehicles: "7,x,0,", token: "secret" })).toEqual({
      vehicles: [7],
      revoked: [],
      utm: null,
      unreadable: ["x", "0"],
    });
    expect(readLandingParams({})).toEqual({ vehicles: [], revoked: [], utm: null, unreadable: [] });
  });

  it("reads vehicle ids from 1 to 2147483647 and keeps those past either end aside", () => {
    expect(readLandingParams({ sharedVehicles: "1,2147483647", revokedVehicles: "0,2147483648" })).toEqual({
      vehicles: [1, 2147483647],
      revoked: [],
      utm: null,
      unreadable: ["0", "2147483648"],
    });
  });

  it("takes the words DIMO's login writes for an absent value as no value, for the lists and the name", () => {
    for (const absent of ["undefined", "null"]) {
      expect(readLandingParams({ sharedVehicles: absent, revokedVehicles: absent, utm: absent }), absent).toEqual({
        vehicles: [],
        revoked: [],
        utm: null,
        unreadable: [],
      });
    }
  });

  it("keeps a name with such a word in it, and trims the name", () => {
    expect(readLandingParams({ utm: "undefined fleet" }).utm).toBe("undefined fleet");
    expect(readLandingParams({ utm: " Spring " }).utm).toBe("Spring");
    expect(readLandingParams({ utm: " " }).utm).toBeNull();
  });

  it("reads the vehicles whose grants were revoked", () => {
    expect(readLandingParams({ revokedVehicles: "7301" })).toMatchObject({ vehicles: [], revoked: [7301] });
  });

  it("counts in words", () => {
    expect(sharedCountWords(0)).toBe("No vehicle was shared");
    expect(sharedCountWords(1)).toBe("1 vehicle was just shared");
    expect(sharedCountWords(2)).toBe("2 vehicles were just shared");
  });
});

describe("the ids a landing checks", () => {
  const ids = (from: number, count: number) => Array.from({ length: count }, (_, index) => from + index);

  it("checks one identity page of ids, shared first, and counts those left out", () => {
    expect(LANDING_PAGE_MAX).toBe(100);
    expect(landingPage({ vehicles: ids(1, 100), revoked: [] })).toEqual({
      vehicles: ids(1, 100),
      revoked: [],
      leftOut: 0,
    });
    expect(landingPage({ vehicles: ids(1, 101), revoked: [] })).toEqual({
      vehicles: ids(1, 100),
      revoked: [],
      leftOut: 1,
    });
    expect(landingPage({ vehicles: [], revoked: ids(1, 101) })).toEqual({
      vehicles: [],
      revoked: ids(1, 100),
      leftOut: 1,
    });
  });

  it("fills the page with revoked ids after the shared ones", () => {
    expect(landingPage({ vehicles: ids(1, 60), revoked: ids(500, 40) })).toEqual({
      vehicles: ids(1, 60),
      revoked: ids(500, 40),
      leftOut: 0,
    });
    expect(landingPage({ vehicles: ids(1, 60), revoked: ids(500, 41) })).toMatchObject({
      revoked: ids(500, 40),
      leftOut: 1,
    });
    expect(landingPage({ vehicles: ids(1, 1000), revoked: ids(5000, 1000) })).toEqual({
      vehicles: ids(1, 100),
      revoked: [],
      leftOut: 1900,
    });
  });
});

describe("what the confirm says it recorded", () => {
  const landed = (count: number) =>
    Array.from({ length: count }, (_, index) => ({ tokenId: index + 1, title: "2023 Tesla Model Y", grant: null }));

  it("counts the shares and the revoked grants, one and more, and names only a kept link", () => {
    expect(recordedLandingWords({ shared: landed(1), revoked: [], link: null })).toBe(
      "Recorded on the vehicle list: 1 vehicle shared.",
    );
    expect(recordedLandingWords({ shared: landed(2), revoked: landed(1), link: "Spring" })).toBe(
      "Recorded on the vehicle list: 2 vehicles shared through the link Spring and 1 revoked grant.",
    );
    expect(recordedLandingWords({ shared: [], revoked: landed(2), link: "Spring" })).toBe(
      "Recorded on the vehicle list: 2 revoked grants.",
    );
  });

  it("says so when DIMO no longer lists anything the page showed", () => {
    expect(recordedLandingWords({ shared: [], revoked: [], link: "Spring" })).toBe(
      "Nothing was recorded: DIMO no longer lists what this page showed.",
    );
  });
});
