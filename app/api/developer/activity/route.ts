import { concernsVehicle } from "@/components/developer/activity-record";
import { errorResponse, invalidInput, UNAUTHENTICATED_RESPONSE } from "@/lib/server/route-errors";
import { parseTokenId } from "@/lib/server/vehicle-params";
import { getSession } from "@/lib/auth/session";
import { type ActivityEntry, listActivity, subscribeActivity } from "@/lib/dimo";

/**
 * The API activity log, live: Server-Sent Events with a `snapshot` of the kept entries (oldest first) and then one
 * `entry` event per new call. `?tokenId=N` keeps one vehicle's calls and the shared calls that served them;
 * `?format=json` answers the snapshot once as JSON and closes. Entries hold no token, key or signature.
 */

export const dynamic = "force-dynamic";

const HEARTBEAT_MS = 15_000;

export async function GET(request: Request): Promise<Response> {
  if ((await getSession()) === null) return UNAUTHENTICATED_RESPONSE();
  const params = new URL(request.url).searchParams;
  const rawTokenId = params.get("tokenId");
  const tokenId = rawTokenId === null ? null : parseTokenId(rawTokenId);
  if (rawTokenId !== null && tokenId === null) return invalidInput("tokenId must be a positive whole number");
  const format = params.get("format") ?? "stream";
  if (format !== "stream" && format !== "json") return errorResponse({ code: "INVALID_INPUT", message: "format must be stream or json", retryable: false });

  const wanted = (entry: ActivityEntry) => tokenId === null || concernsVehicle(entry, tokenId);
  const snapshot = () => listActivity().filter(wanted);
  if (format === "json") return Response.json({ entries: snapshot() }, { headers: { "Cache-Control": "no-store" } });

  const encoder = new TextEncoder();
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
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
      const unsubscribe = subscribeActivity((entry) => {
        if (wanted(entry)) event("entry", entry);
      });
      // A comment line now and then keeps proxies from closing an idle stream and finds dead connections.
      const heartbeat = setInterval(() => send(": ping\n\n"), HEARTBEAT_MS);
      stop = () => {
        unsubscribe();
        clearInterval(heartbeat);
        request.signal.removeEventListener("abort", onAbort);
      };
      const onAbort = () => {
        stop();
        try {
          controller.close();
        } catch {
          // Already closed by the runtime.
        }
      };
      request.signal.addEventListener("abort", onAbort);
      send("retry: 3000\n\n");
      event("snapshot", snapshot());
    },
    cancel() {
      stop();
    },
  });

  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform keeps the server's compression from buffering the stream.
      "Cache-Control": "no-store, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
