import "server-only";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getVehicle } from "@/lib/dimo";
import type { Vehicle } from "@/lib/dimo/types";
import { positiveWholeNumber } from "@/lib/actions/inputs";

/**
 * Route parameters of the vehicle pages and their route handlers, checked before anything reaches DIMO: a token id
 * is a positive safe integer written in digits, a page number likewise (absent means 1).
 */

const tokenIdSchema = positiveWholeNumber("tokenId");
const pageSchema = positiveWholeNumber("page");

export function parseTokenId(raw: string): number | null {
  const parsed = tokenIdSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export type PageParam = { ok: true; page: number } | { ok: false; raw: string };

export function parsePageParam(raw: string | string[] | undefined): PageParam {
  if (raw === undefined) return { ok: true, page: 1 };
  const text = Array.isArray(raw) ? (raw[0] ?? "") : raw;
  const parsed = pageSchema.safeParse(text);
  return parsed.success ? { ok: true, page: parsed.data } : { ok: false, raw: text };
}

/**
 * The vehicle a page is about, or the not-found page when the id is malformed, unknown or not shared with the
 * license. Cached per request, so the layout and the page share one lookup.
 */
export const loadSharedVehicle = cache(async (rawTokenId: string): Promise<Vehicle> => {
  const tokenId = parseTokenId(rawTokenId);
  if (tokenId === null) notFound();
  const vehicle = await getVehicle(tokenId);
  if (vehicle === null) notFound();
  return vehicle;
});
