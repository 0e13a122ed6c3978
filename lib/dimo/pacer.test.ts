import { describe, expect, it } from "vitest";
import { MemorySlotStore } from "@/lib/store/memory";
import { MemoryPacer, SlotPacer } from "./pacer";

/** A pacer on a clock the test moves; a wait moves it on by the time asked for, and each turn's start is recorded. */
function pacedOnTestClock(limit: number, windowMs: number) {
  let clock = 0;
  const starts: number[] = [];
  const pacer = new MemoryPacer({
    limits: { trips: limit },
    windowMs,
    now: () => clock,
    sleep: async (ms) => void (clock += ms),
  });
  const turn = async () => {
    await pacer.turn("trips");
    starts.push(clock);
  };
  return { starts, turn, advance: (ms: number) => void (clock += ms) };
}

/**
 * A pacer on a test clock whose timers fire late, as on a machine too busy to run them on time: `fireLate` wakes
 * every waiting turn together, `lateMs` after the last of them was due.
 */
function pacedOnLateTimers(limit: number, windowMs: number, lateMs: number) {
  let clock = 0;
  const sleeping: { until: number; wake: () => void }[] = [];
  const pacer = new MemoryPacer({
    limits: { trips: limit },
    windowMs,
    now: () => clock,
    sleep: (ms) => new Promise((wake) => sleeping.push({ until: clock + ms, wake })),
  });
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  const fireLate = async () => {
    const due = sleeping.splice(0);
    clock = Math.max(...due.map((timer) => timer.until)) + lateMs;
    for (const timer of due) timer.wake();
    await settle();
  };
  return { pacer, sleeping, fireLate, settle, now: () => clock };
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

  it("spaces requests from when the last one really left, so timers that fire late do not bunch them", async () => {
    const { pacer, sleeping, fireLate, settle, now } = pacedOnLateTimers(3, 200, 250);
    const starts: number[] = [];
    const turns = Array.from({ length: 4 }, () => pacer.turn("trips").then(() => void starts.push(now())));
    await settle();
    while (sleeping.length > 0) await fireLate();
    await Promise.all(turns);
    expect(starts).toHaveLength(4);
    for (let i = 1; i < starts.length; i++)
      expect((starts[i] as number) - (starts[i - 1] as number)).toBeGreaterThanOrEqual(100);
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
