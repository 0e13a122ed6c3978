import { describe, expect, it } from "vitest";
import { isActiveLink } from "./active-link";

describe("isActiveLink", () => {
  it("marks the link's own page and the pages below it", () => {
    expect(isActiveLink("/vehicles", "/vehicles")).toBe(true);
    expect(isActiveLink("/vehicles/21957/trips", "/vehicles")).toBe(true);
  });

  it("does not mark a link whose path only starts the same way", () => {
    expect(isActiveLink("/vehicles-archive", "/vehicles")).toBe(false);
  });

  it("marks an exact link on its own page only", () => {
    expect(isActiveLink("/developer", "/developer", true)).toBe(true);
    expect(isActiveLink("/developer/tokens", "/developer", true)).toBe(false);
  });
});

describe("isActiveLink with exceptions", () => {
  it("leaves a sibling's pages below the link's path to the sibling", () => {
    expect(isActiveLink("/vehicles/1/trips", "/vehicles/1/trips", false, ["/vehicles/1/trips/all"])).toBe(true);
    expect(isActiveLink("/vehicles/1/trips/all", "/vehicles/1/trips", false, ["/vehicles/1/trips/all"])).toBe(false);
    expect(isActiveLink("/vehicles/1/trips/all", "/vehicles/1/trips/all")).toBe(true);
  });
});
