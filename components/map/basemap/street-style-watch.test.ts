import { describe, expect, it } from "vitest";
import { type StreetStyleEvent, type StreetStyleProgress, afterStreetStyleEvent } from "./street-style-watch";

/** Whether the style is given up after these events, in order. */
function unreachableAfter(events: StreetStyleEvent[]): boolean {
  let progress: StreetStyleProgress = { styleLoaded: false, tileLoaded: false };
  for (const event of events) {
    const next = afterStreetStyleEvent(progress, event);
    if (next.unreachable) return true;
    progress = next.progress;
  }
  return false;
}

describe("afterStreetStyleEvent", () => {
  it("gives up a style that cannot be fetched, or whose tiles cannot be before any arrived, or that never answers", () => {
    expect(unreachableAfter(["style-error"])).toBe(true);
    expect(unreachableAfter(["style-loaded", "tile-error"])).toBe(true);
    expect(unreachableAfter(["timeout"])).toBe(true);
    expect(unreachableAfter(["style-loaded", "timeout"])).toBe(true);
  });

  it("keeps a style whose tiles arrive, through a missing tile, a sprite or glyph error, or a late timer", () => {
    expect(unreachableAfter(["style-loaded", "tile-loaded", "tile-error", "timeout"])).toBe(false);
    expect(unreachableAfter(["style-loaded", "style-error", "tile-loaded"])).toBe(false);
    expect(unreachableAfter(["style-loaded"])).toBe(false);
  });
});
