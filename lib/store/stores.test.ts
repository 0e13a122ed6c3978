import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sharedStoreKinds } from "@/test-support/shared-stores";
import { isStoreUnavailable } from "./types";

/** The same contract, run against the in-memory stores and against a real redis-server. */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const { kinds, openRedis } = sharedStoreKinds();

describe.each(kinds)("%s stores", (_kind, create) => {
  it("keeps a value for its time, stores only when absent, deletes", async () => {
    const { keyValue } = create();
    // A second to live: the reads before it ends must come within it even on a busy machine.
    await keyValue.set("a", "1", 1_000);
    expect(await keyValue.get("a")).toBe("1");
    expect(await keyValue.setIfAbsent("a", "2", 1_000)).toBe(false);
    await sleep(1_200);
    expect(await keyValue.get("a")).toBeNull();
    expect(await keyValue.setIfAbsent("a", "3", 1_000)).toBe(true);
    await keyValue.delete("a");
    expect(await keyValue.get("a")).toBeNull();
  });

  it("releases a lock only for its holder", async () => {
    const { keyValue } = create();
    expect(await keyValue.setIfAbsent("lock", "holder", 1_000)).toBe(true);
    expect(await keyValue.deleteIfEquals("lock", "someone-else")).toBe(false);
    expect(await keyValue.get("lock")).toBe("holder");
    expect(await keyValue.deleteIfEquals("lock", "holder")).toBe(true);
    expect(await keyValue.get("lock")).toBeNull();
  });

  it("extends a lock's lease only for its holder, and never brings back a released one", async () => {
    const { keyValue } = create();
    expect(await keyValue.setIfAbsent("lease", "holder", 1_000)).toBe(true);
    expect(await keyValue.extendIfEquals("lease", "someone-else", 60_000)).toBe(false);
    expect(await keyValue.extendIfEquals("lease", "holder", 60_000)).toBe(true);
    // Past the first lease: only the extension keeps it. A second of lease is a hang guard, not a timing under test.
    await sleep(1_200);
    expect(await keyValue.get("lease")).toBe("holder");
    expect(await keyValue.setIfAbsent("lease", "someone-else", 1_000)).toBe(false);
    await keyValue.deleteIfEquals("lease", "holder");
    expect(await keyValue.extendIfEquals("lease", "holder", 60_000)).toBe(false);
    expect(await keyValue.get("lease")).toBeNull();
  });

  it("counts hits in a window that starts with the first", async () => {
    const { counters } = create();
    expect(await counters.increment("c", 60_000)).toMatchObject({ count: 1 });
    const second = await counters.increment("c", 60_000);
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBeGreaterThan(59_000);
    expect(second.resetInMs).toBeLessThanOrEqual(60_000);
    expect((await counters.increment("other", 60_000)).count).toBe(1);
  });

  it("keeps set members until their own expiry", async () => {
    const { sets } = create();
    // The short member's life is long enough for the first check on a busy machine; the wait runs to its end.
    const shortExpiry = Date.now() + 1_500;
    await sets.add("s", "long", Date.now() + 60_000);
    await sets.add("s", "short", shortExpiry);
    expect(await sets.has("s", "short")).toBe(true);
    await sleep(Math.max(0, shortExpiry + 50 - Date.now()));
    expect(await sets.has("s", "short")).toBe(false);
    expect(await sets.has("s", "long")).toBe(true);
    expect([...(await sets.members("s")).keys()]).toEqual(["long"]);
  });

  it("keeps the newest entries of a capped log, oldest first", async () => {
    const { logs } = create();
    for (let n = 1; n <= 8; n += 1) await logs.append("log", `e${n}`, 5);
    expect(await logs.list("log")).toEqual(["e4", "e5", "e6", "e7", "e8"]);
    await logs.clear("log");
    expect(await logs.list("log")).toEqual([]);
  });

  it("delivers published messages to subscribers until they unsubscribe", async () => {
    const { channels } = create();
    const seen: string[] = [];
    const stop = channels.subscribe("news", (message) => seen.push(message));
    // A subscription reaches Redis asynchronously: publish until it is in place.
    for (let tries = 0; seen.length === 0 && tries < 50; tries += 1) {
      await channels.publish("news", "first");
      await sleep(20);
    }
    expect(seen[0]).toBe("first");
    stop();
    const count = seen.length;
    await channels.publish("news", "after");
    await sleep(50);
    expect(seen.length).toBe(count);
  });

  it("hands out evenly spaced slots in call order", async () => {
    const { slots } = create();
    const waits = await Promise.all([0, 1, 2, 3].map(() => slots.reserve("svc", 100)));
    const sorted = [...waits].sort((a, b) => a - b);
    expect(sorted[0]).toBeLessThan(20);
    for (let i = 1; i < sorted.length; i += 1) {
      expect((sorted[i] ?? 0) - (sorted[i - 1] ?? 0)).toBeGreaterThan(80);
      expect((sorted[i] ?? 0) - (sorted[i - 1] ?? 0)).toBeLessThan(120);
    }
  });
});

describe("redis stores shared by two connections", () => {
  it("see each other's values under the same prefix and not under another", async () => {
    const prefix = `test:${randomUUID()}:`;
    const a = openRedis(prefix);
    const b = openRedis(prefix);
    const other = openRedis();
    await a.keyValue.set("k", "from-a", 10_000);
    expect(await b.keyValue.get("k")).toBe("from-a");
    expect(await other.keyValue.get("k")).toBeNull();
    expect(await a.keyValue.setIfAbsent("once", "a", 10_000)).toBe(true);
    expect(await b.keyValue.setIfAbsent("once", "b", 10_000)).toBe(false);
  });

  it("answer the first command sent before the connection is open", async () => {
    const stores = openRedis();
    await expect(stores.keyValue.set("early", "1", 1_000)).resolves.toBeUndefined();
  });

  it("fail fast with StoreUnavailableError when nothing listens, never hang", async () => {
    const stores = openRedis("test:", "redis://127.0.0.1:1");
    const started = Date.now();
    const error: unknown = await stores.keyValue.get("k").catch((failure: unknown) => failure);
    expect(isStoreUnavailable(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_000);
    // Recognised by name, so a copy of the class from another bundle of the module is recognised too.
    expect(isStoreUnavailable(Object.assign(new Error("copy"), { name: "StoreUnavailableError" }))).toBe(true);
    expect(isStoreUnavailable(new Error("other"))).toBe(false);
  });
});
