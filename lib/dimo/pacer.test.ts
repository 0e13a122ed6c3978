import { describe, expect, it } from "vitest";
import { MemoryPacer } from "./pacer";

describe("MemoryPacer", () => {
  it("starts at most limit - 1 requests in any window, in call order, and lets an unlimited service through", async () => {
    const pacer = new MemoryPacer({ limits: { trips: 3 }, windowMs: 200 });
    const t0 = performance.now();
    const starts: Array<[number, number]> = [];
    await Promise.all(
      Array.from({ length: 7 }, (_, i) => pacer.turn("trips").then(() => void starts.push([i, performance.now() - t0]))),
    );
    // Handed out in call order.
    expect(starts.map(([i]) => i)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const times = starts.map(([, at]) => at);
    // Two a window: 7 requests need three full windows after the first two.
    expect(times.at(-1)).toBeGreaterThanOrEqual(3 * 200 - 15);
    for (const [index, at] of times.entries()) {
      const inWindow = times.filter((other) => other > at - 200 + 15 && other <= at).length;
      expect(inWindow, `requests in the window ending with #${index}`).toBeLessThanOrEqual(2);
    }

    const before = performance.now();
    await Promise.all(Array.from({ length: 50 }, () => pacer.turn("auth")));
    expect(performance.now() - before).toBeLessThan(50);
  });
});
