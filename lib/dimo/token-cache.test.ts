import { describe, expect, it } from "vitest";
import { SingleFlight } from "./single-flight";
import { MemoryTokenCache } from "./token-cache";

describe("MemoryTokenCache", () => {
  it("returns a token until the time it was stored until, then forgets it", async () => {
    let now = 1_000;
    const cache = new MemoryTokenCache(() => now);
    await cache.set("k", { token: "t", expMs: 5_000 }, 4_000);
    expect(await cache.get("k")).toEqual({ token: "t", expMs: 5_000 });
    now = 3_999;
    expect(await cache.get("k")).toBeDefined();
    now = 4_000;
    expect(await cache.get("k")).toBeUndefined();
  });

  it("does not store what is already stale, and deletes on request", async () => {
    const cache = new MemoryTokenCache(() => 10_000);
    await cache.set("stale", { token: "t", expMs: 9_000 }, 9_000);
    expect(await cache.get("stale")).toBeUndefined();
    await cache.set("k", { token: "t", expMs: 20_000 }, 20_000);
    await cache.delete("k");
    expect(await cache.get("k")).toBeUndefined();
  });
});

describe("SingleFlight", () => {
  it("shares one run among concurrent callers and starts afresh after it settles", async () => {
    const flights = new SingleFlight<number>();
    let runs = 0;
    const work = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return runs;
    };
    const results = await Promise.all(Array.from({ length: 10 }, () => flights.run("k", work)));
    expect(results).toEqual(Array(10).fill(1));
    expect(await flights.run("k", work)).toBe(2);
  });

  it("does not remember a failure", async () => {
    const flights = new SingleFlight<string>();
    await expect(flights.run("k", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(flights.has("k")).toBe(false);
    expect(await flights.run("k", async () => "ok")).toBe("ok");
  });
});
