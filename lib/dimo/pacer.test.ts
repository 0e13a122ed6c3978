import { describe, expect, it } from "vitest";
import { MemorySlotStore } from "@/lib/store/memory";
import { MemoryPacer, SlotPacer } from "./pacer";

/** A pacer on a clock the test moves; each turn's start is recorded instead of waited for. */
function pacedOnTestClock(limit: number, windowMs: number) {
  let clock = 0;
  const starts: number[] = [];
  const pacer = new MemoryPacer({
    limits: { trips: limit },
    windowMs,
    now: () => clock,
    sleep: async (ms) => void starts.push(clock + ms),
  });
  const turn = async () => {
    const before = starts.length;
    await pacer.turn("trips");
    if (starts.length === before) starts.push(clock);
  };
  return { pacer, starts, turn, advance: (ms: number) => void (clock += ms) };
}

describe("MemoryPacer", () => {
  it("spaces a burst evenly, limit - 1 requests a window, in call order", async () => {
    const { starts, turn } = pacedOnTestClock(3, 200);
    for (let i = 0; i < 7; i++) await turn();
    expect(starts).toEqual([0, 100, 200, 300, 400, 500, 600]);
    // No window of 200 ms holds more than two starts.
    for (const at of starts)
      expect(starts.filter((other) => other > at - 200 && other <= at).length).toBeLessThanOrEqual(2);
  });

  it("lets a request through at once after a pause, and spaces the next from it", async () => {
    const { starts, turn, advance } = pacedOnTestClock(11, 1_000);
    await turn();
    advance(5_000);
    await turn();
    await turn();
    expect(starts).toEqual([0, 5_000, 5_100]);
  });

  it("holds concurrent callers in call order, for real", async () => {
    const pacer = new MemoryPacer({ limits: { trips: 3 }, windowMs: 100 });
    const order: number[] = [];
    await Promise.all(Array.from({ length: 6 }, (_, i) => pacer.turn("trips").then(() => void order.push(i))));
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("lets a service without a limit through at once", async () => {
    const pacer = new MemoryPacer({ limits: { trips: 3 }, windowMs: 10_000 });
    const before = performance.now();
    await Promise.all(Array.from({ length: 50 }, () => pacer.turn("auth")));
    expect(performance.now() - before).toBeLessThan(100);
  });
});

describe("SlotPacer", () => {
  it("spaces the turns of two instances sharing one slot store as one pacer would", async () => {
    let clock = 0;
    const slots = new MemorySlotStore(() => clock);
    const waits: number[] = [];
    const options = { limits: { trips: 3 }, windowMs: 200, sleep: async (ms: number) => void waits.push(ms) };
    const [a, b] = [new SlotPacer(slots, options), new SlotPacer(slots, options)];
    for (const pacer of [a, b, a, b, a]) await pacer.turn("trips");
    expect(waits).toEqual([100, 200, 300, 400]);
    clock = 1_000;
    await b.turn("trips");
    await a.turn("auth");
    expect(waits).toEqual([100, 200, 300, 400]);
  });
});
