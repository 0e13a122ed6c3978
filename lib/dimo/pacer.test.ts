import { describe, expect, it } from "vitest";
import { MemorySlotStore } from "@/lib/store/memory";
import { MemoryPacer, type RequestPacer, SlotPacer } from "./pacer";

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
 * A test clock whose timers fire late, as on a machine too busy to run them on time: every waiting timer wakes at
 * once, `lateMs` after the last of them was due. `startsOf` takes `count` turns at once and returns when each began.
 */
function lateTimers(lateMs: number) {
  let clock = 0;
  const sleeping: { until: number; wake: () => void }[] = [];
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  const startsOf = async (pacer: RequestPacer, count: number) => {
    const starts: number[] = [];
    const turns = Array.from({ length: count }, () => pacer.turn("trips").then(() => void starts.push(clock)));
    await settle();
    while (sleeping.length > 0) {
      const due = sleeping.splice(0);
      clock = Math.max(...due.map((timer) => timer.until)) + lateMs;
      for (const timer of due) timer.wake();
      await settle();
    }
    await Promise.all(turns);
    return starts;
  };
  return {
    now: () => clock,
    sleep: (ms: number) => new Promise<void>((wake) => sleeping.push({ until: clock + ms, wake })),
    startsOf,
  };
}

/** The shortest time between two consecutive starts. */
const smallestGap = (starts: readonly number[]) =>
  Math.min(...starts.slice(1).map((start, i) => start - (starts[i] as number)));

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
    const { now, sleep, startsOf } = lateTimers(250);
    const starts = await startsOf(new MemoryPacer({ limits: { trips: 3 }, windowMs: 200, now, sleep }), 4);
    expect(starts).toHaveLength(4);
    expect(smallestGap(starts)).toBeGreaterThanOrEqual(100);
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
    const starts: number[] = [];
    const options = {
      limits: { trips: 3 },
      windowMs: 200,
      now: () => clock,
      sleep: async (ms: number) => void (clock += ms),
    };
    const [a, b] = [new SlotPacer(slots, options), new SlotPacer(slots, options)];
    for (const pacer of [a, b, a, b, a]) {
      await pacer.turn("trips");
      starts.push(clock);
    }
    expect(starts).toEqual([0, 100, 200, 300, 400]);
    clock = 1_000;
    await b.turn("trips");
    await a.turn("auth");
    expect(clock).toBe(1_000);
  });

  it("does not let an instance's turns leave together when its timers fire late", async () => {
    const { now, sleep, startsOf } = lateTimers(250);
    const slots = new MemorySlotStore(now);
    const starts = await startsOf(new SlotPacer(slots, { limits: { trips: 3 }, windowMs: 200, now, sleep }), 4);
    expect(starts).toHaveLength(4);
    expect(smallestGap(starts)).toBeGreaterThanOrEqual(100);
  });
});
