import "server-only";
import { z } from "zod";
import { concernsVehicle } from "@/lib/activity-filters";
import { getSession } from "@/lib/auth/session";
import { readActivity as readActivityLog, subscribeActivity } from "@/lib/dimo/activity";
import type { ActivityEntry } from "@/lib/models";
import { guarded } from "./guard";
import { positiveWholeNumber } from "./inputs";
import { openLongRead } from "./long-reads";

/**
 * The API activity log, guarded: a snapshot of the kept entries (oldest first), or that snapshot followed live by
 * every new call as Server-Sent Events until the session ends. `tokenId` keeps one vehicle's calls and the shared
 * calls that served them. Entries hold no token, key or signature.
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

/** How often the stream pings and checks its session again: a sign-out ends it within this long. */
export const HEARTBEAT_MS = 15_000;
const encoder = new TextEncoder();

/** The same check that admitted the stream: sign-out, revocation, the session's end, the wallet's role. */
const stillSignedIn = () =>
  getSession().then(
    (session) => session !== null,
    () => false,
  );

function eventStream(
  wanted: (entry: ActivityEntry) => boolean,
  signal: AbortSignal | undefined,
  endsAtMs: number | undefined,
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
      const end = () => {
        stop();
        try {
          controller.close();
        } catch {
          // Already closed by the runtime.
        }
      };
      // The entries carry vehicles' places and identities: the stream lasts no longer than the session that opened it.
      // Each heartbeat asks again (a comment line now and then also keeps proxies from closing an idle stream and finds
      // dead connections), and the session's hard end closes it on the dot.
      const heartbeat = setInterval(() => {
        void stillSignedIn().then((signedIn) => (signedIn ? send(": ping\n\n") : end()));
      }, HEARTBEAT_MS);
      const sessionEnd = endsAtMs === undefined ? undefined : setTimeout(end, endsAtMs - Date.now());
      stop = () => {
        unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(sessionEnd);
        signal?.removeEventListener("abort", end);
      };
      signal?.addEventListener("abort", end);
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

export const readActivity = guarded(
  activityQuery,
  async function readActivity({ tokenId, format }, { session, signal }) {
    const wanted = (entry: ActivityEntry) => tokenId === undefined || concernsVehicle(entry, tokenId);
    if (format === "json") return { format, entries: (await readActivityLog()).filter(wanted) } as const;
    return openLongRead(session, signal, async (hold) => {
      const stream = hold(eventStream(wanted, signal, session.endsAtMs));
      return { format, stream } as const;
    });
  },
);
