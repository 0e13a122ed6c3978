import { describe, expect, it } from "vitest";
import { MemoryCounterStore, MemoryKeyValueStore } from "./memory";

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("MemoryKeyValueStore", () => {
  it("forgets a value once its time is up", async () => {
    const time = clock();
    const store = new MemoryKeyValueStore(time.now);
    await store.set("a", "1", 1_000);
    expect(await store.get("a")).toBe("1");
    time.advance(1_000);
    expect(await store.get("a")).toBeNull();
  });

  it("stores only when absent, and again after expiry", async () => {
    const time = clock();
    const store = new MemoryKeyValueStore(time.now);
    expect(await store.setIfAbsent("n", "x", 500)).toBe(true);
    expect(await store.setIfAbsent("n", "y", 500)).toBe(false);
    expect(await store.get("n")).toBe("x");
    time.advance(501);
    expect(await store.setIfAbsent("n", "z", 500)).toBe(true);
  });

  it("sweeps expired entries, so memory follows live entries", async () => {
    const time = clock();
    const store = new MemoryKeyValueStore(time.now);
    for (let i = 0; i < 5_000; i++) {
      await store.set(`k${i}`, "v", 10);
      time.advance(1);
    }
    expect(store.size).toBeLessThan(1_100);
  });
});

describe("MemoryCounterStore", () => {
  it("counts hits in a fixed window, then starts again", async () => {
    const time = clock();
    const counters = new MemoryCounterStore(time.now);
    expect(await counters.increment("c", 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    time.advance(20_000);
    expect(await counters.increment("c", 60_000)).toEqual({ count: 2, resetInMs: 40_000 });
    expect(await counters.increment("other", 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    time.advance(40_000);
    expect(await counters.increment("c", 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
  });
});
