import { describe, expect, it } from "vitest";
import { vehicleListInput } from "./vehicle-list";

describe("vehicleListInput", () => {
  it("takes a query string of up to 8,192 characters and refuses a longer one", () => {
    expect(vehicleListInput.safeParse({ search: "q".repeat(8_192) }).success).toBe(true);
    expect(vehicleListInput.safeParse({ search: "q".repeat(8_193) }).success).toBe(false);
  });
});
