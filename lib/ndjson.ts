import { type AppError, type ErrorCode, HTTP_STATUS, readErrorResponse, toAppError } from "./result";

/**
 * The NDJSON streams of the dashboard's own routes (the all-trips map's points, the trips page's paths), as the
 * browser reads them: one message a line, then a `done` line once every message was sent, or an `error` line that
 * ends a failed stream with the AppError the server made of the failure. A stream that closes with neither was cut
 * short. Client-safe: no React and no server imports, so the reading is tested in Node.
 */

/** The line that ends a failed stream. */
export type StreamErrorLine = { type: "error" } & AppError;

const isErrorCode = (code: unknown): code is ErrorCode => typeof code === "string" && Object.hasOwn(HTTP_STATUS, code);

/**
 * The failure an `error` line reports, or null when the value is not an error line. The words are kept whatever
 * else the line lacks: a code this page does not know is "INTERNAL", and a line that does not say it is retryable
 * is not.
 */
export function toStreamError(value: unknown): AppError | null {
  if (typeof value !== "object" || value === null) return null;
  const { type, code, message, retryable, callId } = value as Record<string, unknown>;
  if (type !== "error" || typeof message !== "string") return null;
  const error: AppError = { code: isErrorCode(code) ? code : "INTERNAL", message, retryable: retryable === true };
  return typeof callId === "string" ? { ...error, callId } : error;
}

/** The failure of a stream that closed before its `done` line: `what` is what did not all arrive ("every trip"). */
export const cutShort = (what: string): AppError => ({
  code: "INCOMPLETE",
  message: `The connection closed before ${what} arrived. Try again.`,
  retryable: true,
});

/** Splits streamed text into complete lines, keeping a partial last line until the rest of it arrives. */
export class LineSplitter {
  private rest = "";

  push(chunk: string): string[] {
    const text = this.rest + chunk;
    const lines = text.split("\n");
    this.rest = lines.pop() ?? "";
    return lines.filter((line) => line.trim() !== "");
  }

  /** The last line, when the stream ended without a newline. */
  flush(): string[] {
    const last = this.rest;
    this.rest = "";
    return last.trim() === "" ? [] : [last];
  }
}

/** How one kind of stream is read. */
export interface StreamReading<M> {
  /** The message a parsed line holds, or null to skip the line (a newer server's message, a broken line). */
  toMessage: (value: unknown) => M | null;
  /** Whether a message is the stream's `done` line. */
  isDone: (message: M) => boolean;
  /** What did not all arrive when the stream closes without its `done` line: "every trip". */
  whole: string;
}

export interface StreamHandlers<M> {
  onMessage: (message: M) => void;
  /** After each chunk, and each time the parsing gives the page a turn: the moment to show progress. */
  onProgress?: () => void;
}

/** How long lines are parsed before the page gets a turn (a frame is about 16 ms). */
const SLICE_MS = 30;

const yieldToPage = () => new Promise((resolve) => setTimeout(resolve, 0));

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Reads a stream to its end, handing each message over as it is parsed, and says how it ended: null after its
 * `done` line, else the failure its `error` line reported or `cutShort`. Lines that are not JSON, or not a message
 * `reading` knows, are skipped. Rejects only when reading itself fails (an abort, a lost connection).
 */
export async function readNdjson<M>(
  body: ReadableStream<Uint8Array<ArrayBuffer>>,
  reading: StreamReading<M>,
  handlers: StreamHandlers<M>,
): Promise<AppError | null> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  const splitter = new LineSplitter();
  let failure: AppError | null = null;
  let done = false;
  let sliceStarted = performance.now();
  for (;;) {
    const chunk = await reader.read();
    for (const line of chunk.done ? splitter.flush() : splitter.push(chunk.value)) {
      const value = parseLine(line);
      const error = toStreamError(value);
      const message = error ? null : reading.toMessage(value);
      if (error) failure = error;
      else if (message !== null) {
        if (reading.isDone(message)) done = true;
        handlers.onMessage(message);
      }
      // A warm history arrives faster than it parses, hundreds of pages to a chunk: the page breathes between slices.
      if (performance.now() - sliceStarted > SLICE_MS) {
        handlers.onProgress?.();
        await yieldToPage();
        sliceStarted = performance.now();
      }
    }
    if (chunk.done) break;
    handlers.onProgress?.();
  }
  return failure ?? (done ? null : cutShort(reading.whole));
}

export type StreamEnd =
  { status: "done"; error: null } | { status: "cancelled"; error: null } | { status: "error"; error: AppError };

const ended = (error: AppError | null): StreamEnd =>
  error ? { status: "error", error } : { status: "done", error: null };

/**
 * Requests a dashboard route's stream and reads it (readNdjson). A refusal before the stream began ends it with the
 * route's own error; an abort of `signal` is "cancelled"; any other failure (a lost connection) is the app's words
 * for it, never the browser's.
 */
export async function fetchNdjson<M>(
  url: string,
  signal: AbortSignal,
  reading: StreamReading<M>,
  handlers: StreamHandlers<M>,
): Promise<StreamEnd> {
  try {
    const response = await fetch(url, { signal, cache: "no-store" });
    if (!response.ok || !response.body) return ended(await readErrorResponse(response));
    return ended(await readNdjson(response.body, reading, handlers));
  } catch (error) {
    if (signal.aborted) return { status: "cancelled", error: null };
    return ended(toAppError(error));
  }
}
