import { describe, expect, it } from "vitest";
import { createMemoryStores } from "@/lib/store/memory";
import { FakeIdentity, rosterVehicle as vehicle } from "@/test-support/fake-identity";
import { RosterReader } from "./roster-reader";
import { RosterService } from "./roster-service";
import { RosterStore } from "./roster-store";
import { RosterWorker } from "./roster-worker";

/** The roster's walk, check and re-read against a fake identity API that lists the newest token first. */

const HOUR = 3_600_000;

function setUp(count: number) {
  const clock = { now: 1_000_000 };
  const now = () => clock.now;
  const stores = createMemoryStores(now);
  const store = new RosterStore(stores.keyValue, stores.logs, "0xclient");
  const identity = new FakeIdentity(count);
  const deps = {
    store,
    listPage: identity.listPage,
    powertrainsOf: identity.powertrainsOf,
    definitionsPerRequest: 2,
    now,
    describe: (e: unknown) => ({ code: "UPSTREAM_ERROR" as const, message: String(e), retryable: true }),
  };
  const worker = new RosterWorker({ ...deps, rereadAfterMs: HOUR });
  const reader = new RosterReader(store);
  const ids = async () => ((await reader.read())?.vehicles ?? []).map((v) => v.tokenId).sort((a, b) => a - b);
  return { clock, store, identity, worker, reader, ids, deps };
}

describe("the roster's walk", () => {
  it("reads the list page by page, each page readable as soon as it lands", async () => {
    const { identity, worker, reader, ids } = setUp(250);
    expect(await worker.step()).toBe("more");
    const first = await reader.read();
    expect(first?.vehicles).toHaveLength(100);
    expect(first?.state).toMatchObject({ totalCount: 250, current: { pagesRead: 1, complete: false } });
    await worker.run();
    expect(await ids()).toEqual(Array.from({ length: 250 }, (_, n) => n + 1));
    expect((await reader.read())?.state.current).toMatchObject({ pagesRead: 3, complete: true });
    expect(identity.requests).toBe(3);
    expect(await worker.step()).toBe("done");
    expect(identity.requests).toBe(3);
  });

  it("leaves out vehicles listed without a grant", async () => {
    const { identity, worker, ids } = setUp(3);
    identity.vehicles.set(2, vehicle(2, null));
    await worker.run();
    expect(await ids()).toEqual([1, 3]);
  });

  it("lets one worker at a time move it on", async () => {
    const { store, worker } = setUp(50);
    const other = await store.withLock(async () => worker.step());
    expect(other).toBe("busy");
  });

  it("keeps a failure in the state, in words, and goes on from the same page next time", async () => {
    const { identity, worker, reader, ids } = setUp(250);
    await worker.step();
    identity.failNext = true;
    await expect(worker.step()).rejects.toThrow("identity failed");
    expect((await reader.read())?.state.failure?.error.message).toMatch(/identity failed/);
    await worker.run();
    expect(await ids()).toHaveLength(250);
    expect((await reader.read())?.state.failure).toBeNull();
    expect(identity.requests).toBe(4);
  });
});

describe("the roster's powertrains", () => {
  it("are asked for once the walk is done, a few definitions a request, each definition once", async () => {
    const { identity, worker, reader } = setUp(300);
    const models = ["tesla_model-3_2022", "ford_f-150_2021", "toyota_camry_2019", "tesla_model-y_2023", "bmw_i4_2021"];
    for (const v of identity.vehicles.values()) v.definitionId = models[v.tokenId % models.length] ?? null;
    await worker.run();
    expect(identity.requests).toBe(3);
    expect(identity.definitionRequests).toBe(3);
    const snapshot = await reader.read();
    expect(snapshot?.powertrains).toEqual({
      "tesla_model-3_2022": "BEV",
      "ford_f-150_2021": "ICE",
      toyota_camry_2019: "ICE",
      "tesla_model-y_2023": "BEV",
      bmw_i4_2021: "ICE",
    });
    expect(snapshot?.state.powertrainsPending).toBe(false);

    // A new model in a check: only its definition is asked for.
    identity.vehicles.set(301, { ...vehicle(301), definitionId: "kia_ev6_2024" });
    await worker.check();
    await worker.run();
    expect(identity.definitionRequests).toBe(4);
    expect((await reader.read())?.powertrains["kia_ev6_2024"]).toBe("ICE");
  });
});

describe("the roster's check", () => {
  it("reads from the top until a page holds nothing new", async () => {
    const { identity, worker, ids } = setUp(450);
    await worker.run();
    identity.requests = 0;

    expect(await worker.check()).toBe("done");
    expect(identity.requests).toBe(1);

    // 150 new grants on newer tokens: two pages hold something new, the third nothing.
    for (let id = 451; id <= 600; id++) identity.vehicles.set(id, vehicle(id));
    identity.requests = 0;
    await worker.check();
    expect(identity.requests).toBe(3);
    expect(await ids()).toHaveLength(600);
  });

  it("keeps a changed grant, and starts a re-read when the list shrank", async () => {
    const { clock, identity, worker, reader, ids } = setUp(250);
    await worker.run();
    identity.vehicles.set(250, vehicle(250, { privileges: [1], expiresAt: null }));
    identity.vehicles.delete(3);
    clock.now += 1_000;
    await worker.check();
    const snapshot = await reader.read();
    expect(snapshot?.vehicles.find((v) => v.tokenId === 250)?.grant?.privileges).toEqual([1]);
    // Token 3 sits on the third page, which the check does not reach; the count says something went.
    expect(await ids()).toContain(3);
    expect(RosterWorker.hasWork(snapshot?.state ?? null, clock.now, HOUR)).toBe(true);
    await worker.run();
    expect(await ids()).not.toContain(3);
    expect(await ids()).toHaveLength(249);
  });

  it("drops at once the grants that went away when the check reads the whole list", async () => {
    const { identity, worker, ids } = setUp(12);
    await worker.run();
    identity.vehicles.delete(5);
    identity.vehicles.set(9, vehicle(9, null));
    identity.requests = 0;
    expect(await worker.check()).toBe("done");
    expect(identity.requests).toBe(1);
    expect(await ids()).toEqual([1, 2, 3, 4, 6, 7, 8, 10, 11, 12]);
  });

  it("re-reads the whole list once the roster is old, keeping the old one readable meanwhile", async () => {
    const { clock, identity, worker, reader, ids } = setUp(250);
    await worker.run();
    identity.vehicles.delete(7);
    clock.now += HOUR;
    expect(await worker.step()).toBe("more");
    expect(await ids()).toContain(7);
    await worker.run();
    expect(await ids()).not.toContain(7);
    expect((await reader.read())?.state.current.generation).toBe(2);
  });
});

describe("the roster service", () => {
  it("serves the first page before the walk is done, and a landing at once", async () => {
    const { identity, deps, reader } = setUp(1_000);
    identity.delayMs = 5;
    const service = new RosterService({ ...deps, timings: { pollMs: 1 } });
    const { snapshot } = await service.read();
    expect(snapshot.vehicles.length).toBeGreaterThanOrEqual(100);
    expect(snapshot.vehicles.length).toBeLessThan(1_000);
    await service.settle();
    expect(identity.requests).toBe(10);

    await service.noteLanding([vehicle(5_000)], [1]);
    const after = (await reader.read())?.vehicles.map((v) => v.tokenId) ?? [];
    expect(after).toContain(5_000);
    expect(after).not.toContain(1);
  });

  it("says why the first page could not be read", async () => {
    const { identity, deps } = setUp(10);
    identity.failNext = true;
    const service = new RosterService({ ...deps, timings: { pollMs: 1 } });
    await expect(service.read()).rejects.toThrow(/identity failed/);
  });

  it("on opening, looks for new grants and says when the identity API fails, showing the roster as it was", async () => {
    const { identity, deps } = setUp(10);
    const service = new RosterService({ ...deps, timings: { pollMs: 1 } });
    await service.settle();
    identity.failNext = true;
    const { snapshot, refreshError } = await service.read({ checkNow: { withinMs: 0 } });
    expect(refreshError?.message).toMatch(/identity failed/);
    expect(snapshot.vehicles).toHaveLength(10);
  });
});
