import { type Context } from "hono";
import { parseGoTime } from "./go-time";

/**
 * Request bodies read as the real handlers read them (Fiber's BodyParser into a Go struct): JSON only, keys matched
 * without regard to case, a time field absent or null left as Go's zero time (here `null`), any other non-RFC 3339
 * value an error. `invalid` stands for the handlers' "invalid request body".
 */
export type TimeFields<K extends string> = { ok: true; times: Record<K, number | null> } | { ok: false };

export async function readTimeFields<K extends string>(c: Context, names: readonly K[]): Promise<TimeFields<K>> {
  const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") return { ok: false };
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    return { ok: false };
  }
  if (body === null) body = {};
  if (typeof body !== "object" || Array.isArray(body)) return { ok: false };
  const entries = Object.entries(body as Record<string, unknown>);
  const times = {} as Record<K, number | null>;
  for (const name of names) {
    const value = entries.find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1] ?? null;
    if (value === null) {
      times[name] = null;
      continue;
    }
    const parsed = typeof value === "string" ? parseGoTime(value) : null;
    if (parsed === null) return { ok: false };
    times[name] = parsed;
  }
  return { ok: true, times };
}
