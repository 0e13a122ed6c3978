import "server-only";
import { getDimoClient } from "@/lib/dimo";
import { RAW_EXPORT_MAX_EVENTS, type RawEventFilter } from "@/lib/models/raw-data";
import { isAbort, toFailure } from "./failure";

/**
 * A range of raw events as an NDJSON file: one cloud event a line, newest first, as DIMO serves it (the header's
 * fields, then `data`, `data_base64` or `dataurl`), then one closing line in the shape of the dashboard's streams
 * (lib/ndjson.ts): `done` with the count and, when the cap left events out, the words that say so; or `error` when the
 * read failed part way. A cloud event's own type is never `done` or `error`, so a reader tells them apart.
 */

const encoder = new TextEncoder();
const line = (value: unknown) => encoder.encode(`${JSON.stringify(value)}\n`);

/** The closing line of a file: how many events it holds, and whether the cap cut it short. */
function doneLine(count: number, capped: boolean): Record<string, unknown> {
  return {
    type: "done",
    count,
    capped,
    message: capped
      ? `This file holds the newest ${count.toLocaleString("en")} events of the range, the most one download holds; ` +
        "narrow the range or the type to read the rest."
      : `This file holds every event of the range: ${count.toLocaleString("en")}.`,
  };
}

/**
 * Opens the stream once the first page has come back (or the range turned out empty), so a refusal before it is
 * answered with a status rather than a file that says only "error".
 */
export function rawEventsExportStream(
  tokenId: number,
  filter: RawEventFilter,
  signal: AbortSignal | undefined,
  max: number = RAW_EXPORT_MAX_EVENTS,
): Promise<ReadableStream<Uint8Array>> {
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  signal?.addEventListener("abort", onAbort, { once: true });
  return new Promise((resolve, reject) => {
    let started = false;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        const write = (bytes: Uint8Array) => {
          if (!stop.signal.aborted) controller.enqueue(bytes);
        };
        const begin = () => {
          if (started) return;
          started = true;
          resolve(stream);
        };
        getDimoClient()
          .walkRawEvents(tokenId, filter, {
            max,
            signal: stop.signal,
            onEvents: (events) => {
              begin();
              for (const event of events) write(line(event));
            },
          })
          .then(({ count, capped }) => {
            begin();
            write(line(doneLine(count, capped)));
            if (!stop.signal.aborted) controller.close();
          })
          .catch((error: unknown) => {
            if (!started) return reject(error);
            if (stop.signal.aborted || isAbort(error)) return;
            write(line({ type: "error", ...toFailure(error, "raw events export") }));
            controller.close();
          })
          .finally(() => signal?.removeEventListener("abort", onAbort));
      },
      cancel() {
        stop.abort();
      },
    });
  });
}
