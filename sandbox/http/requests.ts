import { type Context } from "hono";

/** The token of an `Authorization: Bearer <token>` header; null when the header is missing or not of that form. */
export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer +([^\s]+) *$/i);
  return match?.[1] ?? null;
}

export interface TokenIdParam {
  /** The canonical decimal form, compared with a Vehicle JWT's `token_id`. */
  text: string;
  /** The number, when it is small enough to be a stored vehicle's id; null otherwise. */
  value: number | null;
}

const MAX_UINT64 = (1n << 64n) - 1n;

/** Parses a token id from a path: an unsigned 64-bit decimal integer, like the services' ParseUint. */
export function parseTokenIdParam(raw: string | undefined): TokenIdParam | null {
  if (!raw || !/^[0-9]{1,20}$/.test(raw)) return null;
  const big = BigInt(raw);
  if (big > MAX_UINT64) return null;
  return { text: big.toString(), value: big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : null };
}

/** The public base URL of a service mounted at `prefix`, as the client addressed it (its issuer URL). */
export function serviceBaseUrl(c: Context, prefix: string): string {
  return `${new URL(c.req.url).origin}${prefix}`;
}

/** Reads a form-encoded body; anything else (or an unreadable body) yields no fields. */
export async function readFormBody(c: Context): Promise<URLSearchParams> {
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/x-www-form-urlencoded")) return new URLSearchParams();
  try {
    return new URLSearchParams(await c.req.text());
  } catch {
    return new URLSearchParams();
  }
}

export type JsonBody = { ok: true; value: unknown } | { ok: false };

/** Parses a JSON body without throwing. */
export async function readJsonBody(c: Context): Promise<JsonBody> {
  try {
    const text = await c.req.text();
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}
