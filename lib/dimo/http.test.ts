import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ActivityInput } from "./activity";
import { DimoError } from "./errors";
import { type DimoRequest, type HttpSettings, dimoFetch } from "./http";
import { type StubServer, delayed, hangUp, reply, startStubServer } from "@/test-support/stub-server";

/** An answer that never comes within any test: only the client's timeout ends the attempt. */
const stalled = delayed(120_000, reply(200, { late: true }));

const API_KEY = "0x" + "ab".repeat(32);
const JWT = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl";

let server: StubServer;
let activity: ActivityInput[];

function settings(overrides: Partial<HttpSettings> = {}): HttpSettings {
  return {
    fetch: (input, init) => globalThis.fetch(input, init),
    // A guard against a hang, not a subject: on a busy machine the first request of a cold process can take a second,
    // and a tight timeout would retry it. The tests of timeouts set their own and make the service stall for good.
    timeoutMs: 10_000,
    retry: { attempts: 3, baseDelayMs: 10, maxDelayMs: 40, retryAfterCapMs: 2_000 },
    onActivity: (entry) => {
      activity.push(entry);
    },
    secrets: [API_KEY],
    ...overrides,
  };
}

function get(overrides: Partial<DimoRequest> = {}): DimoRequest {
  return {
    service: "trips",
    method: "GET",
    baseUrl: `${server.url}/trips`,
    path: "/v1/vehicle/7/trips",
    retry: "idempotent",
    ...overrides,
  };
}

const post = (overrides: Partial<DimoRequest> = {}) =>
  get({
    service: "valuations",
    method: "POST",
    path: "/v1/vehicles/7/instant-offer",
    retry: "at-most-once",
    ...overrides,
  });

async function failure(promise: Promise<unknown>): Promise<DimoError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DimoError);
  return error as DimoError;
}

beforeAll(async () => {
  server = await startStubServer();
});
afterAll(() => server.close());
beforeEach(() => {
  activity = [];
});

describe("dimoFetch: success", () => {
  it("sends the bearer token, the query and a JSON body, and parses the JSON answer", async () => {
    server.script(reply(200, { ok: 1 }));
    const response = await dimoFetch(
      settings(),
      get({
        method: "POST",
        query: { page: "2", secret: "s3" },
        loggedQuery: ["page"],
        bearer: JWT,
        body: { json: { a: 1 } },
      }),
    );
    expect(response.body).toEqual({ ok: 1 });
    const [received] = server.received;
    expect(received?.url).toBe("/trips/v1/vehicle/7/trips?page=2&secret=s3");
    expect(received?.headers.authorization).toBe(`Bearer ${JWT}`);
    expect(received?.headers["content-type"]).toBe("application/json");
    expect(received?.body).toBe('{"a":1}');
    expect(activity).toHaveLength(1);
    expect(activity[0]).toMatchObject({
      method: "POST",
      service: "trips",
      path: "/v1/vehicle/7/trips?page=2",
      url: `${server.url}/trips/v1/vehicle/7/trips?page=2`,
      status: 200,
      attempts: 1,
      cache: "none",
    });
  });

  it("encodes a form body as x-www-form-urlencoded", async () => {
    server.script(reply(200, "plain words"));
    const response = await dimoFetch(settings(), post({ body: { form: { state: "abc", signature: "0x12" } } }));
    expect(response.body).toBe("plain words");
    expect(server.received[0]?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(server.received[0]?.body).toBe("state=abc&signature=0x12");
  });
});

describe("dimoFetch: retries of idempotent requests", () => {
  for (const status of [429, 502, 503, 504]) {
    it(`retries a ${status} and succeeds`, async () => {
      server.script(reply(status, { code: status, message: "busy" }), reply(200, { trips: [] }));
      const response = await dimoFetch(settings(), get());
      expect(response.status).toBe(200);
      expect(server.received).toHaveLength(2);
      expect(activity[0]).toMatchObject({ status: 200, attempts: 2 });
    });
  }

  it("gives up after three attempts with a retryable DimoError", async () => {
    server.script(reply(503, { code: 503, message: "down for maintenance" }));
    const error = await failure(dimoFetch(settings(), get()));
    expect(server.received).toHaveLength(3);
    expect(error).toMatchObject({ service: "trips", status: 503, code: "UNAVAILABLE", retryable: true });
    expect(error.message).toContain("down for maintenance");
    expect(activity[0]).toMatchObject({ status: 503, attempts: 3, error: error.message });
  });

  it("does not retry a 400, 401, 404 or 500", async () => {
    for (const status of [400, 401, 404, 500]) {
      server.script(reply(status, { code: status, message: "no" }), reply(200, {}));
      const error = await failure(dimoFetch(settings(), get()));
      expect(error.status).toBe(status);
      expect(server.received).toHaveLength(1);
    }
  });

  it("honours Retry-After in seconds", async () => {
    server.script(reply(429, { message: "slow down" }, { "retry-after": "1" }), reply(200, {}));
    const started = Date.now();
    await dimoFetch(settings(), get());
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(server.received).toHaveLength(2);
  });

  it("honours Retry-After as an HTTP date", async () => {
    const inTwoSeconds = new Date(Date.now() + 2_000).toUTCString();
    server.script(reply(503, "busy", { "retry-after": inTwoSeconds }), reply(200, {}));
    const started = Date.now();
    await dimoFetch(settings(), get());
    // An HTTP date has whole seconds, so the wait is between 1 and 2 seconds.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it("caps a long Retry-After", async () => {
    server.script(reply(429, "busy", { "retry-after": "3600" }), reply(200, {}));
    const started = Date.now();
    await dimoFetch(settings({ retry: { attempts: 3, baseDelayMs: 10, maxDelayMs: 40, retryAfterCapMs: 300 } }), get());
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(290);
    // Far below the hour asked for, with room for a busy machine.
    expect(elapsed).toBeLessThan(10_000);
  });

  it("times out a slow attempt and retries it", async () => {
    server.script(stalled, reply(200, { late: false }));
    // Long enough for the second, prompt answer to arrive on a busy machine; the first one never does.
    const response = await dimoFetch(settings({ timeoutMs: 2_000 }), get());
    expect(response.body).toEqual({ late: false });
    expect(activity[0]).toMatchObject({ status: 200, attempts: 2 });
  });

  it("reports a TIMEOUT after every attempt timed out", async () => {
    server.script(stalled);
    const error = await failure(dimoFetch(settings({ timeoutMs: 100 }), get({ query: { page: "1" } })));
    expect(error).toMatchObject({ code: "TIMEOUT", status: null, retryable: true });
    expect(error.message).toMatch(/did not answer within 100 ms/);
    expect(server.received).toHaveLength(3);
  });

  it("retries after the connection was dropped", async () => {
    server.script(hangUp, reply(200, { again: true }));
    const response = await dimoFetch(settings(), get());
    expect(response.body).toEqual({ again: true });
    expect(server.received).toHaveLength(2);
  });
});

describe("dimoFetch: requests with side effects (at most once)", () => {
  it("does not retry a POST after a 503 that came with a response", async () => {
    server.script(reply(503, { code: 503, message: "busy" }), reply(200, {}));
    const error = await failure(dimoFetch(settings(), post()));
    expect(error).toMatchObject({ status: 503, retryable: true });
    expect(server.received).toHaveLength(1);
  });

  it("does not retry a POST after a 429 either", async () => {
    server.script(reply(429, "slow down", { "retry-after": "0" }), reply(200, {}));
    await failure(dimoFetch(settings(), post()));
    expect(server.received).toHaveLength(1);
  });

  it("does not retry a POST that timed out: the service may have received it", async () => {
    server.script(stalled, reply(200, {}));
    const error = await failure(dimoFetch(settings({ timeoutMs: 100 }), post()));
    expect(error.code).toBe("TIMEOUT");
    expect(server.received).toHaveLength(1);
  });

  it("does not retry a POST whose connection dropped after sending", async () => {
    server.script(hangUp, reply(200, {}));
    const error = await failure(dimoFetch(settings(), post()));
    expect(error.code).toBe("NETWORK_ERROR");
    expect(server.received).toHaveLength(1);
  });

  it("retries a POST whose connection was refused, since it never left", async () => {
    const closed = await startStubServer();
    const url = closed.url;
    await closed.close();
    const error = await failure(dimoFetch(settings(), post({ baseUrl: `${url}/valuations` })));
    expect(error).toMatchObject({ code: "NETWORK_ERROR", status: null, retryable: true });
    expect(error.message).toContain("ECONNREFUSED");
    expect(activity[0]).toMatchObject({ attempts: 3, status: null });
  });
});

describe("dimoFetch: errors never carry secrets", () => {
  it("redacts tokens, keys and query strings echoed by the service", async () => {
    const echo = `bad token ${JWT} for key ${API_KEY.slice(2)} at https://x.test/a?signature=0x${"cd".repeat(65)}`;
    server.script(reply(400, { code: 400, message: echo }));
    const error = await failure(dimoFetch(settings(), get({ bearer: JWT, query: { state: "private-state" } })));
    const visible = JSON.stringify([error.message, error.upstreamMessage, error.toJSON(), activity]);
    expect(visible).not.toContain(JWT);
    expect(visible).not.toContain(API_KEY.slice(2));
    expect(visible).not.toContain("cd".repeat(65));
    expect(visible).not.toContain("private-state");
    expect(error.message).toContain("bad token [redacted");
  });

  it("keeps the whole query out of the activity log unless a parameter is marked harmless", async () => {
    server.script(reply(200, {}));
    await dimoFetch(settings(), get({ query: { client_id: "0xabc", domain: "http://localhost:3000" } }));
    expect(activity[0]?.url).toBe(`${server.url}/trips/v1/vehicle/7/trips`);
    expect(activity[0]?.path).toBe("/v1/vehicle/7/trips");
  });
});

describe("dimoFetch: the logged call", () => {
  it("keeps each attempt, the redacted request and the last response, and names the call in its error", async () => {
    server.script(reply(503, { message: `busy, ${JWT}` }), reply(500, { message: "broken", token: "opaque-secret" }));
    const error = await failure(
      dimoFetch(
        settings({
          onActivity: (entry) => {
            activity.push(entry);
            return "call-7";
          },
        }),
        get({ bearer: JWT, body: { json: { apiKey: API_KEY } }, method: "POST", retry: "idempotent" }),
      ),
    );
    expect(error.callId).toBe("call-7");
    const [entry] = activity;
    expect(entry?.tries?.map((attempt) => attempt.status)).toEqual([503, 500]);
    expect(entry?.request?.headers.authorization).toBe("Bearer [redacted vehicle JWT]");
    expect(entry?.request?.body).toBe('{"apiKey":"[redacted]"}');
    expect(entry?.response?.body).toBe('{"message":"broken","token":"[redacted]"}');
    expect(JSON.stringify(entry)).not.toContain(JWT);
    expect(JSON.stringify(entry)).not.toContain(API_KEY.slice(2));
  });
});
