import { describe, expect, it } from "vitest";
import { parseVehicleIds, splitList } from "./form";

describe("the builder's list fields", () => {
  it("split on commas and new lines, trimmed, without blanks or repeats", () => {
    expect(splitList(" Tesla, Land Rover ,\nFord,,Tesla ")).toEqual(["Tesla", "Land Rover", "Ford"]);
    expect(splitList("   ")).toEqual([]);
  });

  it("read vehicle ids separated by commas or spaces, and name what is no id", () => {
    expect(parseVehicleIds("12, 34 56")).toEqual({ ids: [12, 34, 56], problems: [] });
    expect(parseVehicleIds("7 x 0")).toEqual({
      ids: [7],
      problems: [
        "Vehicle ids are whole numbers from 1 up: x is not one.",
        "Vehicle ids are whole numbers from 1 up: 0 is not one.",
      ],
    });
  });

  it("read vehicle ids from 1 to 2147483647, the largest GraphQL Int, and name those past either end", () => {
    expect(parseVehicleIds("1 2147483647")).toEqual({ ids: [1, 2147483647], problems: [] });
    expect(parseVehicleIds("0 2147483648")).toEqual({
      ids: [],
      problems: [
        "Vehicle ids are whole numbers from 1 up: 0 is not one.",
        "Vehicle ids are whole numbers from 1 up: 2147483648 is not one.",
      ],
    });
  });
});
