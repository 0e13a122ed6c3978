import { beforeEach, describe, expect, it, vi } from "vitest";
import { type DashboardSession } from "@/lib/auth/session";
import { VEHICLE_IDS } from "@/sandbox/seed/vehicles";
import { count } from "@/test-support/dimo-client";
import { setUpSandbox } from "@/test-support/sandbox";
import { getRawEvent, listRawEventTypes, listRawEvents, openRawEventsExport } from "./raw-data";
import { rawEventsExportStream } from "./raw-data-export";

/** The Raw data reads against the sandbox's Fetch API, through the app's own process-wide client. */

const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));

const SIGNED_IN: DashboardSession = { address: "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd", role: "owner" };
const RAW = VEHICLE_IDS.rawDataBev;
/** Every privilege but raw data. */
const NO_RAW = VEHICLE_IDS.manyTrips;
const HOUR_MS = 3_600_000;

const suite = setUpSandbox({ pointApp: true });
beforeEach(async () => {
  auth.session = SIGNED_IN;
  await suite.control.resetStats();
});

function data<T>(result: { ok: true; data: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.data;
}

const fetchCalls = async () => count(await suite.control.stats(), "/fetch/query");

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Record<string, unknown>[]> {
  const text = await new Response(stream).text();
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The hour that ends at the vehicle's newest status event, and that event's time. */
async function lastStatusHour() {
  const types = data(await listRawEventTypes({ tokenId: RAW }));
  const status = types.find((summary) => summary.type === "dimo.status");
  if (!status) throw new Error("the vehicle has no status events");
  const to = new Date(Date.parse(status.lastSeen) + 1).toISOString();
  return { from: new Date(Date.parse(to) - HOUR_MS).toISOString(), to };
}

describe("the types summary", () => {
  it("counts the vehicle's events by type in one request, most frequent first", async () => {
    const types = data(await listRawEventTypes({ tokenId: RAW }));
    expect(await fetchCalls()).toBe(1);
    expect(types.map((summary) => summary.type)).toEqual(expect.arrayContaining(["dimo.status", "dimo.fingerprint"]));
    expect(types[0]?.type).toBe("dimo.status");
    for (const summary of types) {
      expect(summary.count).toBeGreaterThan(0);
      expect(Date.parse(summary.firstSeen)).toBeLessThanOrEqual(Date.parse(summary.lastSeen));
    }
  });

  it("explains a grant without raw data, and asks DIMO's Fetch API nothing", async () => {
    const result = await listRawEventTypes({ tokenId: NO_RAW });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe("PRIVILEGE_MISSING");
    expect(result.error.message).toMatch(/Raw data \(privilege 7\)/);
    expect(await fetchCalls()).toBe(0);
  });

  it("answers nothing without a session", async () => {
    auth.session = null;
    const result = await listRawEventTypes({ tokenId: RAW });
    expect(result.ok ? null : result.error.code).toBe("UNAUTHENTICATED");
    expect(await fetchCalls()).toBe(0);
  });
});

describe("pages of events", () => {
  it("pages a filtered hour by time: newest first, each page older than the one before, every event in the range", async () => {
    const hour = await lastStatusHour();
    const first = data(await listRawEvents({ tokenId: RAW, type: "dimo.status", ...hour }));
    expect(first.events.length).toBeGreaterThan(0);
    const second = first.next
      ? data(await listRawEvents({ tokenId: RAW, type: "dimo.status", ...hour, before: first.next }))
      : { events: [] };
    const events = [...first.events, ...second.events];
    const times = events.map((event) => Date.parse(event.time));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
    for (const event of events) {
      expect(event.type).toBe("dimo.status");
      expect(Date.parse(event.time)).toBeGreaterThanOrEqual(Date.parse(hour.from));
      expect(Date.parse(event.time)).toBeLessThan(Date.parse(hour.to));
    }
  });

  it("refuses a range that ends before it starts, before asking DIMO", async () => {
    const result = await listRawEvents({ tokenId: RAW, from: "2026-06-01T11:00:00Z", to: "2026-06-01T10:00:00Z" });
    expect(result.ok ? null : result.error.code).toBe("INVALID_INPUT");
    expect(await fetchCalls()).toBe(0);
  });
});

describe("one event", () => {
  it("reads a status event's payload: the signals the device sent at its time", async () => {
    const page = data(await listRawEvents({ tokenId: RAW, type: "dimo.status" }));
    const header = page.events[0];
    if (!header) throw new Error("no status event");
    const event = data(await getRawEvent({ tokenId: RAW, id: header.id, source: header.source }));
    expect(event.header).toEqual(header);
    expect(event.payload.kind).toBe("json");
    const signals = (event.payload.kind === "json" ? event.payload.value : null) as {
      signals: { name: string; timestamp: string }[];
    };
    expect(signals.signals.length).toBeGreaterThan(0);
    expect(signals.signals.every((signal) => Date.parse(signal.timestamp) === Date.parse(header.time))).toBe(true);
  });

  it("says in words when the vehicle has no such event", async () => {
    const result = await getRawEvent({ tokenId: RAW, id: "2Zz9nonexistent" });
    expect(result.ok ? null : result.error.code).toBe("NOT_FOUND");
  });
});

describe("the download", () => {
  it("streams the hour's events as NDJSON, newest first, and ends with a line that counts them", async () => {
    const hour = await lastStatusHour();
    const body = data(await openRawEventsExport({ tokenId: RAW, type: "dimo.status", ...hour })).body;
    const lines = await readAll(body);
    const done = lines.at(-1);
    const events = lines.slice(0, -1);
    expect(done).toMatchObject({ type: "done", count: events.length, capped: false });
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      expect(event).toMatchObject({ type: "dimo.status", specversion: "1.0" });
      expect(event.data).toBeDefined();
    }
  });

  it("stops at the cap and says so in the last line", async () => {
    const lines = await readAll(await rawEventsExportStream(RAW, { type: "dimo.status" }, undefined, 3));
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatchObject({ type: "done", count: 3, capped: true });
    expect(String(lines[3]?.message)).toMatch(/the most one download holds/);
  });

  it("is refused with a status, not a file, for a grant without raw data", async () => {
    const result = await openRawEventsExport({ tokenId: NO_RAW });
    expect(result.ok ? null : result.error.code).toBe("PRIVILEGE_MISSING");
  });
});
