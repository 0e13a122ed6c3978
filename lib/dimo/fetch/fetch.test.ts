import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ActivityInput } from "../activity";
import { describeError } from "../describe-error";
import { DimoError } from "../errors";
import { type HttpSettings } from "../http";
import { type StubServer, reply, startStubServer } from "@/test-support/stub-server";
import { fetchEvent, fetchEventPage, fetchTypeSummary } from "./events";
import { type FetchTarget } from "./query";
import { STORED_PAYLOAD_MAX_BYTES } from "./stored-payload";

/**
 * The Fetch API client against scripted HTTP servers: what it sends, how it pages, its refusals in words with no
 * token in them, and that a payload's `dataUrl` is read only from the Fetch API's own address, with no redirect.
 */

const JWT = "eyJhbGciOiJSUzI1NiJ9.eyJ0b2tlbl9pZCI6IjcifQ.c2lnbmF0dXJlLXNlY3JldA";
const DID = "did:erc721:137:0xbA5738a18d83D41847dfFbDC6101d37C69c9B0cF:7";

let fetchApi: StubServer;
let elsewhere: StubServer;
let activity: ActivityInput[];

const http = (): HttpSettings => ({
  fetch: (input, init) => globalThis.fetch(input, init),
  timeoutMs: 2_000,
  retry: { attempts: 2, baseDelayMs: 5, maxDelayMs: 10, retryAfterCapMs: 100 },
  onActivity: (entry) => {
    activity.push(entry);
  },
  secrets: [],
});

const target = (): FetchTarget => ({
  http: http(),
  baseUrl: `${fetchApi.url}/fetch`,
  token: JWT,
  tokenId: 7,
  did: DID,
});

const sent = (index = 0) =>
  JSON.parse(fetchApi.received[index]?.body ?? "{}") as { query: string; variables: Record<string, unknown> };

const header = (time: string, id: string) => ({
  specversion: "1.0",
  type: "dimo.status",
  source: "0xConnection",
  subject: DID,
  id,
  time,
  datacontenttype: "application/json",
  dataschema: null,
  dataversion: "default/v1.0",
  producer: "did:erc721:137:0xDevice:1",
  signature: null,
  raweventid: null,
  tags: [],
});

const eventAnswer = (extra: Record<string, unknown>) =>
  reply(200, { data: { latestCloudEvent: { header: header("2026-06-01T10:00:00Z", "e1"), data: null, ...extra } } });

async function failure(promise: Promise<unknown>): Promise<DimoError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DimoError);
  return error as DimoError;
}

beforeAll(async () => {
  [fetchApi, elsewhere] = await Promise.all([startStubServer(), startStubServer()]);
});
afterAll(async () => {
  await Promise.all([fetchApi.close(), elsewhere.close()]);
});
beforeEach(() => {
  activity = [];
  elsewhere.script(reply(200, { secret: "internal" }));
});

describe("queries", () => {
  it("asks one more than a page, with the range's start inclusive and the earlier end, and pages by time", async () => {
    const rows = ["10:03", "10:02", "10:01"].map((hm, i) => ({
      header: header(`2026-06-01T${hm}:00.123456Z`, `e${i}`),
      indexKey: `k${i}`,
    }));
    fetchApi.script(reply(200, { data: { indexes: rows } }));
    const page = await fetchEventPage(
      target(),
      { type: "dimo.status", from: "2026-06-01T10:00:00.000Z", to: "2026-06-01T11:00:00.000Z" },
      2,
      "2026-06-01T10:30:00.5Z",
    );
    expect(fetchApi.received[0]?.url).toBe("/fetch/query");
    expect(fetchApi.received[0]?.headers.authorization).toBe(`Bearer ${JWT}`);
    expect(sent().variables).toEqual({
      did: DID,
      limit: 3,
      filter: { type: "dimo.status", after: "2026-06-01T09:59:59.999Z", before: "2026-06-01T10:30:00.5Z" },
    });
    expect(page.events.map((event) => event.id)).toEqual(["e0", "e1"]);
    // The cursor is the last shown event's time exactly as the service wrote it.
    expect(page.next).toBe("2026-06-01T10:02:00.123456Z");
    expect(activity).toHaveLength(1);
    expect(activity[0]).toMatchObject({ service: "fetch", method: "POST", tokenId: 7 });
  });

  it("says there is no older page when the answer holds no more than a page", async () => {
    fetchApi.script(
      reply(200, { data: { indexes: [{ header: header("2026-06-01T10:00:00Z", "e0"), indexKey: "k" }] } }),
    );
    const page = await fetchEventPage(target(), {}, 2);
    expect(page.next).toBeNull();
    expect(sent().variables.filter).toEqual({});
  });

  it("sorts the types summary most frequent first", async () => {
    const summary = (type: string, count: number) => ({
      type,
      count,
      firstSeen: "2026-01-01T00:00:00Z",
      lastSeen: "2026-06-01T00:00:00Z",
    });
    fetchApi.script(
      reply(200, { data: { availableCloudEventTypes: [summary("dimo.fingerprint", 3), summary("dimo.status", 900)] } }),
    );
    expect((await fetchTypeSummary(target())).map((row) => row.type)).toEqual(["dimo.status", "dimo.fingerprint"]);
  });

  it("turns the service's refusal of a token without raw data into words that name the privilege, without the token", async () => {
    fetchApi.script(
      reply(200, {
        data: null,
        errors: [
          { message: "unauthorized: token does not have required permission for this operation", path: ["indexes"] },
        ],
      }),
    );
    const error = await failure(fetchEventPage(target(), {}, 50));
    expect(error.code).toBe("PRIVILEGE_MISSING");
    const words = describeError(error).message;
    expect(words).toMatch(/privilege 7/);
    expect(words).not.toContain(JWT);
  });

  it("reads an answer that does not fit the schema as unreadable, naming the field", async () => {
    fetchApi.script(reply(200, { data: { indexes: [{ header: { id: 5 }, indexKey: "k" }] } }));
    const error = await failure(fetchEventPage(target(), {}, 50));
    expect(error.code).toBe("INVALID_RESPONSE");
  });
});

describe("a payload stored apart (dataUrl)", () => {
  it("is read from the Fetch API's own address, its signing query sent but not logged", async () => {
    const dataUrl = `${fetchApi.url}/fetch/blobs/scan?sig=s3cr3t`;
    fetchApi.script(eventAnswer({ dataUrl }), reply(200, { readings: [1, 2, 3] }));
    const event = await fetchEvent(target(), "e1");
    expect(event?.payload).toEqual({ kind: "url", url: dataUrl, value: { readings: [1, 2, 3] }, note: null });
    expect(fetchApi.received[1]?.url).toBe("/fetch/blobs/scan?sig=s3cr3t");
    expect(JSON.stringify(activity)).not.toContain("s3cr3t");
  });

  it("is never read from another address: the link is left for the person", async () => {
    const dataUrl = `${elsewhere.url}/internal/metadata`;
    fetchApi.script(eventAnswer({ dataUrl }));
    const event = await fetchEvent(target(), "e1");
    expect(elsewhere.received).toHaveLength(0);
    expect(event?.payload).toMatchObject({ kind: "url", url: dataUrl, value: null });
    expect(event?.payload.kind === "url" && event.payload.note).toMatch(/does not read links outside/);
  });

  it("follows no redirect from the Fetch API's address to another", async () => {
    fetchApi.script(eventAnswer({ dataUrl: `${fetchApi.url}/fetch/blobs/moved` }), (_request, response) => {
      response.writeHead(302, { location: `${elsewhere.url}/internal/metadata` });
      response.end();
    });
    await failure(fetchEvent(target(), "e1"));
    expect(elsewhere.received).toHaveLength(0);
  });

  it("stops reading past the cap and says so", async () => {
    const big = "x".repeat(STORED_PAYLOAD_MAX_BYTES + 10);
    fetchApi.script(eventAnswer({ dataUrl: `${fetchApi.url}/fetch/blobs/big` }), reply(200, big));
    const event = await fetchEvent(target(), "e1");
    expect(event?.payload).toMatchObject({ kind: "url", value: null });
    expect(event?.payload.kind === "url" && event.payload.note).toMatch(/larger than 2 MB/);
  });
});
