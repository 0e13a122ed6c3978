import { describe, expect, it, vi } from "vitest";
import { createMemoryStores } from "@/lib/store/memory";
import { FakeIdentity } from "@/test-support/fake-identity";
import { RosterReader } from "./roster-reader";
import { RosterService } from "./roster-service";
import { RosterStore } from "./roster-store";

/** The VINs the roster keeps as the dashboard reads them, beside the vehicles DIMO's list gives it. */

function setUp() {
  const stores = createMemoryStores();
  const store = new RosterStore(stores.keyValue, stores.logs, "0xClient");
  const identity = new FakeIdentity(3);
  const service = new RosterService({
    store,
    listPage: identity.listPage,
    powertrainsOf: identity.powertrainsOf,
    definitionsPerRequest: 2,
    now: Date.now,
    describe: (e: unknown) => ({ code: "UPSTREAM_ERROR" as const, message: String(e), retryable: true }),
  });
  return { store, service, reader: new RosterReader(store) };
}

describe("the roster's known VINs", () => {
  it("keeps each vehicle's VIN as read, in capitals, and hands them to readers with the vehicles", async () => {
    const { service, reader } = setUp();
    await service.settle();
    expect((await reader.read())?.vins).toEqual({});
    await service.noteVin(1, " 5yj3e1ea7nf302022 ");
    await service.noteVin(3, "4T1B11HK5KU811234");
    const snapshot = await reader.read();
    expect(snapshot?.vins).toEqual({ 1: "5YJ3E1EA7NF302022", 3: "4T1B11HK5KU811234" });
    expect(snapshot?.vehicles.map((vehicle) => vehicle.tokenId).sort()).toEqual([1, 2, 3]);
  });

  it("writes nothing for a VIN it already holds, and the newer VIN for a vehicle read again", async () => {
    const { store, service } = setUp();
    await service.noteVin(1, "5YJ3E1EA7NF302022");
    const write = vi.spyOn(store, "writeVins");
    await service.noteVin(1, "5yj3e1ea7nf302022");
    expect(write).not.toHaveBeenCalled();
    await service.noteVin(1, "5YJ3E1EA7NF309999");
    expect(await store.readVins()).toEqual({ 1: "5YJ3E1EA7NF309999" });
    await service.noteVin(2, "  ");
    expect(await store.readVins()).toEqual({ 1: "5YJ3E1EA7NF309999" });
  });
});
