import { describe, expect, it } from "vitest";
import { LruMap } from "./lru";

describe("LruMap", () => {
  it("keeps at most its maximum, dropping the least recently used first", () => {
    const map = new LruMap<string, number>(2);
    map.set("a", 1);
    map.set("b", 2);
    // Reading "a" makes "b" the least recently used.
    expect(map.get("a")).toBe(1);
    map.set("c", 3);
    expect(map.size).toBe(2);
    expect(map.get("b")).toBeUndefined();
    expect(map.get("a")).toBe(1);
    expect(map.get("c")).toBe(3);
  });

  it("counts a replaced value as a use and deletes on request", () => {
    const map = new LruMap<string, number>(2);
    map.set("a", 1);
    map.set("b", 2);
    map.set("a", 10);
    map.set("c", 3);
    expect([...map.entries()]).toEqual([
      ["a", 10],
      ["c", 3],
    ]);
    expect(map.get("a")).toBe(10);
    map.delete("a");
    expect(map.has("a")).toBe(false);
    expect(map.size).toBe(1);
  });

  it("refuses a maximum that could never hold anything", () => {
    expect(() => new LruMap(0)).toThrow(RangeError);
    expect(() => new LruMap(1.5)).toThrow(RangeError);
  });
});
