import { describe, expect, it } from "vitest";
import { readLandingParams, sharedCountWords } from "./landing";

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
