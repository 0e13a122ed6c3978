import { afterEach, describe, expect, it, vi } from "vitest";
import { LineSplitter, type StreamReading, cutShort, fetchNdjson, readNdjson, toStreamError } from "./ndjson";

type Message = { type: "item"; n: number } | { type: "done" };

const reading: StreamReading<Message> = {
  toMessage: (value) => {
    const m = value as Record<string, unknown> | null;
    if (m?.type === "done") return { type: "done" };
    return m?.type === "item" && typeof m.n === "number" ? { type: "item", n: m.n } : null;
  },
  isDone: (message) => message.type === "done",
  whole: "every item",
};

/** A body that arrives in the given chunks, as a network stream does. */
function body(...chunks: string[]): ReadableStream<Uint8Array<ArrayBuffer>> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function read(...chunks: string[]) {
  const messages: Message[] = [];
  const error = await readNdjson(body(...chunks), reading, { onMessage: (message) => messages.push(message) });
  return { messages, error };
}

describe("LineSplitter", () => {
  it("keeps a partial line until its end arrives", () => {
    const splitter = new LineSplitter();
    expect(splitter.push('{"a":1}\n{"b"')).toEqual(['{"a":1}']);
    expect(splitter.push(':2}\n\n{"c":3}')).toEqual(['{"b":2}']);
    expect(splitter.flush()).toEqual(['{"c":3}']);
    expect(splitter.flush()).toEqual([]);
  });
});

describe("toStreamError", () => {
  it("reads the AppError the server sent, with the call that failed", () => {
    expect(toStreamError({ type: "error", code: "UNAVAILABLE", message: "m", retryable: true, callId: "k1" })).toEqual({
      code: "UNAVAILABLE",
      message: "m",
      retryable: true,
      callId: "k1",
    });
  });

  it("keeps the words of a line that lacks the rest: an unknown code is INTERNAL, an unsaid retry is none", () => {
    expect(toStreamError({ type: "error", message: "m" })).toEqual({
      code: "INTERNAL",
      message: "m",
      retryable: false,
    });
    expect(toStreamError({ type: "error", code: "toString", message: "m", callId: 5 })).toEqual({
      code: "INTERNAL",
      message: "m",
      retryable: false,
    });
  });

  it.each([[null], ["error"], [{ type: "done" }], [{ type: "error", message: 5 }]])("is null for %j", (value) => {
    expect(toStreamError(value)).toBeNull();
  });
});

describe("readNdjson", () => {
  it("hands over each message, across chunk boundaries, and ends well after the done line", async () => {
    const { messages, error } = await read('{"type":"item","n":1}\n{"type":"it', 'em","n":2}\n', '{"type":"done"}');
    expect(messages).toEqual([{ type: "item", n: 1 }, { type: "item", n: 2 }, { type: "done" }]);
    expect(error).toBeNull();
  });

  it("skips lines that are not JSON or not a message", async () => {
    const { messages, error } = await read('<html>\n{"type":"surprise"}\n{"type":"item","n":3}\n{"type":"done"}\n');
    expect(messages).toEqual([{ type: "item", n: 3 }, { type: "done" }]);
    expect(error).toBeNull();
  });

  it("ends with the failure an error line reports, keeping what came before it", async () => {
    const { messages, error } = await read(
      '{"type":"item","n":1}\n{"type":"error","code":"RATE_LIMITED","message":"slow down","retryable":true}\n',
    );
    expect(messages).toEqual([{ type: "item", n: 1 }]);
    expect(error).toEqual({ code: "RATE_LIMITED", message: "slow down", retryable: true });
  });

  it("says a stream that closed without its done line was cut short, and that another try may help", async () => {
    const { error } = await read('{"type":"item","n":1}\n');
    expect(error).toEqual(cutShort("every item"));
    expect(error).toMatchObject({
      code: "INCOMPLETE",
      retryable: true,
      message: expect.stringContaining("every item"),
    });
  });
});

describe("fetchNdjson", () => {
  afterEach(() => vi.unstubAllGlobals());
  const noop = { onMessage: () => {} };

  it("reads the route's stream to its end", async () => {
    vi.stubGlobal("fetch", vi.fn<typeof fetch>().mockResolvedValue(new Response(body('{"type":"done"}\n'))));
    expect(await fetchNdjson("/api/x", new AbortController().signal, reading, noop)).toEqual({
      status: "done",
      error: null,
    });
  });

  it("ends with the route's own error when it refused before streaming", async () => {
    const refusal = { code: "PRIVILEGE_MISSING", message: "The grant lacks trips.", retryable: false };
    vi.stubGlobal("fetch", vi.fn<typeof fetch>().mockResolvedValue(Response.json({ error: refusal }, { status: 403 })));
    expect(await fetchNdjson("/api/x", new AbortController().signal, reading, noop)).toEqual({
      status: "error",
      error: refusal,
    });
  });

  it("puts a lost connection in the app's words, not the browser's", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>().mockRejectedValue(new TypeError("Failed to fetch: net::ERR_SOMETHING")),
    );
    const end = await fetchNdjson("/api/x", new AbortController().signal, reading, noop);
    expect(end).toMatchObject({ status: "error", error: { code: "DASHBOARD_UNREACHABLE", retryable: true } });
    expect(end.error?.message).not.toContain("ERR_SOMETHING");
  });

  it("is cancelled, not failed, when its signal aborted", async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>().mockImplementation(() => {
        controller.abort();
        return Promise.reject(new DOMException("The operation was aborted.", "AbortError"));
      }),
    );
    expect(await fetchNdjson("/api/x", controller.signal, reading, noop)).toEqual({ status: "cancelled", error: null });
  });
});
