import { describe, expect, it } from "vitest";
import { sandboxConfig } from "@/test-support/dimo-client";
import { type HttpSettings } from "./http";
import { VEHICLE_RECORDS_MAX, VehicleDirectory, toVehicleRecord } from "./vehicles";

/** The directory of vehicle records against a stub identity API that counts the vehicles it is asked about. */

function stubIdentity() {
  const asked: number[] = [];
  const fetchStub = async (_input: RequestInfo | URL, init?: RequestInit) => {
    const tokenId = Number(/vehicle\(tokenId: (\d+)\)/.exec(String(init?.body))?.[1]);
    asked.push(tokenId);
    const vehicle = { tokenId, owner: "0x52D52df587cB2E014Ae81495D88c71c819779923" };
    return Response.json({ data: { vehicle } });
  };
  const http: HttpSettings = {
    fetch: fetchStub as typeof fetch,
    timeoutMs: 1_000,
    retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1, retryAfterCapMs: 1 },
    onActivity: () => undefined,
    secrets: [],
  };
  return { http, asked };
}

function directory(maxRecords?: number, clock = { now: 1_000 }) {
  const identity = stubIdentity();
  const vehicles = new VehicleDirectory({
    http: identity.http,
    config: sandboxConfig("http://identity.test"),
    now: () => clock.now,
    ttlMs: 60_000,
    onActivity: () => undefined,
    ...(maxRecords !== undefined ? { maxRecords } : {}),
  });
  return { vehicles, asked: identity.asked };
}

describe("VehicleDirectory", () => {
  it("keeps at most its maximum of records, forgetting the least recently used first", async () => {
    const { vehicles, asked } = directory(2);
    await vehicles.get(1);
    await vehicles.get(2);
    // Reading 1 again makes 2 the least recently used, so 3 pushes 2 out.
    await vehicles.get(1);
    await vehicles.get(3);
    expect(asked).toEqual([1, 2, 3]);
    await vehicles.get(1);
    await vehicles.get(3);
    expect(asked).toEqual([1, 2, 3]);
    await vehicles.get(2);
    expect(asked).toEqual([1, 2, 3, 2]);
  });

  it("keeps unknown vehicles under the same bound, so many bad links cannot grow it", async () => {
    expect(VEHICLE_RECORDS_MAX).toBeGreaterThan(0);
    const { vehicles, asked } = directory();
    const last = VEHICLE_RECORDS_MAX + 50;
    for (let tokenId = 1; tokenId <= last; tokenId += 1) vehicles.remember(tokenId, null);
    await vehicles.get(last);
    await vehicles.get(last - VEHICLE_RECORDS_MAX + 1);
    expect(asked).toEqual([]);
    await vehicles.get(last - VEHICLE_RECORDS_MAX);
    expect(asked).toEqual([last - VEHICLE_RECORDS_MAX]);
  });
});

describe("VehicleDirectory's time", () => {
  it("asks again once a record's ttl has passed on the client's clock, and no sooner", async () => {
    const clock = { now: Date.parse("2026-11-25T12:00:00Z") };
    const { vehicles, asked } = directory(undefined, clock);
    await vehicles.get(1);
    clock.now += 60_000 - 1;
    await vehicles.get(1);
    expect(asked).toEqual([1]);
    clock.now += 1;
    await vehicles.get(1);
    expect(asked).toEqual([1, 1]);
  });

  it("keeps a record no longer than its grant lasts", async () => {
    const clock = { now: Date.parse("2026-11-25T12:00:00Z") };
    const { vehicles, asked } = directory(undefined, clock);
    const sacd = { permissions: "0x3ffc", expiresAt: "2026-11-25T12:00:10Z" };
    const record = toVehicleRecord(
      { tokenId: 7, owner: "0x52D52df587cB2E014Ae81495D88c71c819779923", sacd },
      clock.now,
    );
    vehicles.remember(7, record);
    clock.now += 10_000 - 1;
    expect(await vehicles.get(7)).toBe(record);
    expect(asked).toEqual([]);
    clock.now += 1;
    await vehicles.get(7);
    expect(asked).toEqual([7]);
  });
});

describe("toVehicleRecord", () => {
  const node = (expiresAt: string | null) => ({
    tokenId: 10420,
    owner: "0x52D52df587cB2E014Ae81495D88c71c819779923",
    definition: { make: "Nissan", model: "Leaf", year: 2018 },
    sacd: { permissions: "0x3ffc", expiresAt },
  });
  const now = Date.parse("2026-11-25T12:00:00Z");

  it("keeps a grant that has not ended, with its privileges", () => {
    const record = toVehicleRecord(node("2026-12-01T00:00:00Z"), now);
    expect(record.grantExpiredAt).toBeNull();
    expect(record.vehicle.grant?.expiresAt).toBe("2026-12-01T00:00:00Z");
    expect(record.vehicle.grant?.privileges.length).toBeGreaterThan(0);
  });

  it("reads a grant that ended since DIMO named it (a record kept a few minutes) as ended, with its end", () => {
    const record = toVehicleRecord(node("2026-11-25T11:59:59Z"), now);
    expect(record.vehicle.grant).toBeNull();
    expect(record.grantExpiredAt).toBe("2026-11-25T11:59:59Z");
  });
});
