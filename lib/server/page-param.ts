import "server-only";
import { positiveWholeNumber } from "./inputs";

/** A page number from a page's search parameters: absent means 1; a malformed one is kept for the message. */

export type PageParam = { ok: true; page: number } | { ok: false; raw: string };

const pageSchema = positiveWholeNumber("page");

export function parsePageParam(raw: string | string[] | undefined): PageParam {
  if (raw === undefined) return { ok: true, page: 1 };
  const text = Array.isArray(raw) ? (raw[0] ?? "") : raw;
  const parsed = pageSchema.safeParse(text);
  return parsed.success ? { ok: true, page: parsed.data } : { ok: false, raw: text };
}
