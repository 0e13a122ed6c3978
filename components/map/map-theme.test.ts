import { describe, expect, it } from "vitest";
import { styleFollowsTheme, styleUrlFor } from "./map-theme";

describe("styleUrlFor", () => {
  it("puts the theme's name for {theme}, and the light or the dark choice of {light|dark}", () => {
    expect(styleUrlFor("https://t.example/styles/{theme}/style.json", "dark")).toBe(
      "https://t.example/styles/dark/style.json",
    );
    const openFreeMap = "https://tiles.openfreemap.org/styles/{positron|dark}";
    expect(styleUrlFor(openFreeMap, "light")).toBe("https://tiles.openfreemap.org/styles/positron");
    expect(styleUrlFor(openFreeMap, "dark")).toBe("https://tiles.openfreemap.org/styles/dark");
    expect(styleUrlFor("https://t.example/{streets|night}.json?key={theme}", "light")).toBe(
      "https://t.example/streets.json?key=light",
    );
  });

  it("tells a style that follows the theme from one that does not", () => {
    expect(styleFollowsTheme("https://tiles.openfreemap.org/styles/{positron|dark}")).toBe(true);
    expect(styleFollowsTheme("https://t.example/{theme}.json")).toBe(true);
    expect(styleFollowsTheme("https://t.example/style.json")).toBe(false);
  });
});
