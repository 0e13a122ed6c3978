import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type DashboardSession } from "@/lib/auth/session";
import { clearActivity, newActivityId, processActivityLog, recordActivity } from "@/lib/dimo/activity";
import { type ActivityEntry } from "@/lib/models";
import { GET } from "./route";

/** The activity stream: session first, a snapshot then live entries, a vehicle filter, and no listener left behind. */

const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));

function entry(overrides: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    id: newActivityId(),
    at: new Date().toISOString(),
    method: "GET",
    service: "trips",
    path: "/v1/vehicle/7/trips?page=1",
    url: "http://127.0.0.1:4455/trips/v1/vehicle/7/trips?page=1",
    status: 200,
    durationMs: 3,
    attempts: 1,
    cache: "none",
    tokenKind: "vehicle",
    tokenId: 7,
    ...overrides,
  };
}

/** Reads Server-Sent Events off a response body until `wanted` events have come. */
async function readEvents(response: Response, wanted: number) {
  const reader = response.body?.getReader();
  if (!reader) throw new Error("no body");
  const decoder = new TextDecoder();
  const events: Array<{ event: string; data: unknown }> = [];
  let buffer = "";
  while (events.length < wanted) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const name = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      if (name && data) events.push({ event: name, data: JSON.parse(data) });
    }
  }
  return { events, reader };
}

// The process-wide log's subscribers.
const listenerCount = () => processActivityLog().listenerCount;

const request = (query = "", signal?: AbortSignal) =>
  new Request(`http://localhost/api/developer/activity${query}`, { signal });

beforeEach(() => {
  clearActivity();
  auth.session = { address: "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd", role: "owner" };
});
afterEach(() => clearActivity());

describe("GET /api/developer/activity", () => {
  it("answers 401 without a session", async () => {
    auth.session = null;
    const response = await GET(request());
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: expect.objectContaining({ code: "UNAUTHENTICATED" }) });
  });

  it("refuses a bad tokenId or format", async () => {
    expect((await GET(request("?tokenId=abc"))).status).toBe(400);
    expect((await GET(request("?tokenId=0"))).status).toBe(400);
    expect((await GET(request("?format=xml"))).status).toBe(400);
  });

  it("streams a snapshot, then each new entry, as an uncompressed event stream", async () => {
    recordActivity(entry({ path: "/first" }));
    const controller = new AbortController();
    const response = await GET(request("", controller.signal));
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("cache-control")).toContain("no-transform");
    const first = await readEvents(response, 1);
    expect(first.events[0]).toEqual({ event: "snapshot", data: [expect.objectContaining({ path: "/first" })] });
    recordActivity(entry({ path: "/second" }));
    const decoder = new TextDecoder();
    const { value } = await first.reader.read();
    expect(decoder.decode(value)).toContain('"path":"/second"');
    controller.abort();
  });

  it("keeps one vehicle's calls and the shared calls that served it", async () => {
    recordActivity(entry({ tokenId: 7, path: "/mine" }));
    recordActivity(entry({ tokenId: 8, path: "/other" }));
    recordActivity(
      entry({ tokenId: undefined, tokenKind: "developer", service: "auth", forTokenId: 7, path: "/shared" }),
    );
    recordActivity(
      entry({ tokenId: undefined, tokenKind: "developer", service: "auth", forTokenId: 8, path: "/shared-other" }),
    );
    const response = await GET(request("?tokenId=7&format=json"));
    const { entries } = (await response.json()) as { entries: ActivityEntry[] };
    expect(entries.map((e) => e.path)).toEqual(["/mine", "/shared"]);
  });

  it("stops listening when the browser goes away", async () => {
    const before = listenerCount();
    const controller = new AbortController();
    const response = await GET(request("?tokenId=7", controller.signal));
    const { reader } = await readEvents(response, 1);
    expect(listenerCount()).toBe(before + 1);
    controller.abort();
    expect(await reader.read()).toEqual({ done: true, value: undefined });
    expect(listenerCount()).toBe(before);
  });
});
