import { describe, expect, it } from "vitest";
import { FEATURES } from "@/lib/features";
import { PRIVILEGE_IDS } from "@/lib/protocol";
import {
  ALL_PERMISSION_WORDS,
  SHARE_PERMISSIONS,
  bitsToPermissions,
  featureName,
  featuresUsing,
  missingFeatureWords,
  permissionWords,
  permissionsToBits,
  templatePrivileges,
} from "./permissions";

describe("the permissions bit string", () => {
  it("follows DIMO login's order: NONLOCATION_TELEMETRY first, APPROXIMATE_LOCATION last", () => {
    expect(SHARE_PERMISSIONS.map((permission) => permission.name)).toEqual([
      "NONLOCATION_TELEMETRY",
      "COMMANDS",
      "CURRENT_LOCATION",
      "ALLTIME_LOCATION",
      "CREDENTIALS",
      "STREAMS",
      "RAW_DATA",
      "APPROXIMATE_LOCATION",
    ]);
    expect(SHARE_PERMISSIONS.map((permission) => permission.privilege)).toEqual(PRIVILEGE_IDS);
  });

  it("puts each privilege at its own place", () => {
    expect(permissionsToBits([1])).toBe("10000000");
    expect(permissionsToBits([2])).toBe("01000000");
    expect(permissionsToBits([4])).toBe("00010000");
    expect(permissionsToBits([8])).toBe("00000001");
    expect(permissionsToBits([1, 4])).toBe("10010000");
    expect(permissionsToBits([])).toBe("00000000");
    expect(permissionsToBits([...PRIVILEGE_IDS])).toBe("11111111");
  });

  it("writes the same string whatever the order or repeats of the privileges", () => {
    expect(permissionsToBits([4, 1, 4])).toBe(permissionsToBits([1, 4]));
  });

  it("reads back what it writes, for every set of privileges", () => {
    for (let mask = 0; mask < 256; mask += 1) {
      const privileges = PRIVILEGE_IDS.filter((id) => (mask >> (id - 1)) & 1);
      expect(bitsToPermissions(permissionsToBits(privileges))).toEqual(privileges);
    }
  });

  it("reads a shorter string as DIMO's login does, the missing places not asked", () => {
    expect(bitsToPermissions("1001")).toEqual([1, 4]);
    expect(bitsToPermissions("1")).toEqual([1]);
  });

  it("reads only the first eight of up to sixteen characters, as DIMO's login does", () => {
    expect(bitsToPermissions("1001000011111111")).toEqual([1, 4]);
  });

  it("refuses anything but one to sixteen 0s and 1s", () => {
    for (const bits of ["", "2", "10x1", "1".repeat(17), " 1", "1 0"]) expect(bitsToPermissions(bits)).toBeNull();
  });
});

describe("permission templates", () => {
  it("expand as DIMO's login expands them: template 1 with commands, any other without", () => {
    expect(templatePrivileges("1")).toEqual([1, 2, 3, 4, 5, 6]);
    expect(templatePrivileges("2")).toEqual([1, 3, 4, 5, 6]);
  });
});

describe("permissions in words", () => {
  it("name the dashboard features each permission opens, from FEATURES", () => {
    const history = permissionWords(4);
    expect(history.label).toBe("Location history");
    expect(history.name).toBe("ALLTIME_LOCATION");
    expect(history.asks).toBe("See where the vehicle has been, all time");
    expect(featuresUsing(4)).toContain("trips");
    expect(history.unlocks).toMatch(/^Trips, /);
    expect(history.unlocks).toContain("driving events");
  });

  it("say when no feature of the dashboard uses a permission", () => {
    expect(featuresUsing(2)).toEqual([]);
    expect(permissionWords(2).unlocks).toBe("No dashboard feature uses it");
  });

  it("name the Raw data tab as what raw data unlocks", () => {
    expect(featuresUsing(7)).toEqual(["rawData"]);
    expect(permissionWords(7).unlocks).toMatch(/^Raw data/);
  });

  it("cover every privilege", () => {
    expect(ALL_PERMISSION_WORDS.map((words) => words.privilege)).toEqual(PRIVILEGE_IDS);
  });

  it("name features in lower case but keep abbreviations", () => {
    expect(featureName("trips")).toBe("trips");
    expect(featureName("location")).toBe("location");
    expect(featureName("vin")).toBe("VIN");
    expect(featureName("events")).toBe(FEATURES.events.label.charAt(0).toLowerCase() + FEATURES.events.label.slice(1));
  });
});

describe("what a grant leaves out", () => {
  it("says what the dashboard cannot do without location history", () => {
    const words = missingFeatureWords([1]);
    const history = words.find((sentence) => sentence.startsWith("Without location history:"));
    expect(history).toBeDefined();
    expect(history).toContain("no trips");
    expect(history).toContain("no driving events");
    expect(history).not.toContain("no signals");
  });

  it("says nothing for a privilege that is asked, nor for one no feature needs", () => {
    const words = missingFeatureWords([1, 4, 7]);
    expect(words.some((sentence) => sentence.startsWith("Without location history"))).toBe(false);
    expect(words.some((sentence) => sentence.startsWith("Without non-location history"))).toBe(false);
    expect(words.some((sentence) => sentence.startsWith("Without raw data"))).toBe(false);
    expect(words.some((sentence) => sentence.startsWith("Without commands"))).toBe(false);
    expect(missingFeatureWords([1, 4])).toContain("Without raw data: no raw data");
  });

  it("counts a feature with alternatives as lost only while none of them is asked", () => {
    // Instant offers take the non-location history or the VIN credential.
    expect(missingFeatureWords([5]).join(" ")).not.toContain("instant offers");
    expect(missingFeatureWords([4]).find((s) => s.startsWith("Without VIN credential"))).toContain("no instant offers");
  });

  it("is empty when every privilege is asked", () => {
    expect(missingFeatureWords([...PRIVILEGE_IDS])).toEqual([]);
  });
});
