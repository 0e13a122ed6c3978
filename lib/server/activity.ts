import "server-only";
import { z } from "zod";
import { concernsVehicle } from "@/lib/activity-filters";
import { readActivity as readActivityLog, subscribeActivity } from "@/lib/dimo/activity";
import type { ActivityEntry } from "@/lib/models";
import { guarded } from "./guard";
import { positiveWholeNumber } from "./inputs";

/**
 * The API activity log, guarded: a snapshot of the kept entries (oldest first), or that snapshot followed live by
 * every new call as Server-Sent Events. `tokenId` keeps one vehicle's calls and the shared calls that served them.
 * Entries hold no token, key or signature.
 */

const activityQuery = z.object(
  {
    tokenId: positiveWholeNumber("tokenId").optional(),
    format: z
      .string()
      .pipe(z.enum(["stream", "json"], { error: "format must be stream or json" }))
      .default("stream"),
  },
  { error: "the input must be an object" },
);

const HEARTBEAT_MS = 15_000;
const encoder = new TextEncoder();

function eventStream(
  wanted: (entry: ActivityEntry) => boolean,
  signal: AbortSignal | undefined,
): ReadableStream<Uint8Array> {
  let stop = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          // The stream has closed without an abort reaching us: stop listening rather than leak the subscription.
          stop();
        }
      };
      const event = (name: string, data: unknown) => send(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
      // Subscribe before the snapshot, so no call that ends in between is lost; the browser drops repeats by id.
      // Entries that come while the snapshot is read (from the shared log, asynchronously) follow it, not precede it.
      let early: ActivityEntry[] | null = [];
      const unsubscribe = subscribeActivity((entry) => {
        if (!wanted(entry)) return;
        if (early) early.push(entry);
        else event("entry", entry);
      });
      // A comment line now and then keeps proxies from closing an idle stream and finds dead connections.
      const heartbeat = setInterval(() => send(": ping\n\n"), HEARTBEAT_MS);
      const onAbort = () => {
        stop();
        try {
          controller.close();
        } catch {
          // Already closed by the runtime.
        }
      };
      stop = () => {
        unsubscribe();
        clearInterval(heartbeat);
        signal?.removeEventListener("abort", onAbort);
      };
      signal?.addEventListener("abort", onAbort);
      send("retry: 3000\n\n");
      void readActivityLog().then((entries) => {
        event("snapshot", entries.filter(wanted));
        const following = early ?? [];
        early = null;
        for (const entry of following) event("entry", entry);
      });
    },
    cancel() {
      stop();
    },
  });
}

export const readActivity = guarded(activityQuery, async function readActivity({ tokenId, format }, { signal }) {
  const wanted = (entry: ActivityEntry) => tokenId === undefined || concernsVehicle(entry, tokenId);
  if (format === "json") return { format, entries: (await readActivityLog()).filter(wanted) } as const;
  return { format, stream: eventStream(wanted, signal) } as const;
});
