import { MAX_INT32 } from "@/lib/protocol";

/**
 * What DIMO's login sends back to the redirect URI once an owner has shared vehicles: `sharedVehicles`, the token ids,
 * joined with commas in one value (or repeated, as older versions of the login wrote them), and the link's `utm`.
 * The `token`, `email` and `walletAddress` it adds belong to the owner and are neither read nor shown here.
 */

export interface LandingParams {
  /** The vehicles just shared, in the order given, without repeats. */
  vehicles: number[];
  /** The name of the link they came through, when it named one. */
  utm: string | null;
  /** Values that were not vehicle ids, to say so rather than drop them quietly. */
  unreadable: string[];
}

type SearchParams = Record<string, string | string[] | undefined>;

const all = (params: SearchParams, name: string): string[] => {
  const value = params[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
};

export function readLandingParams(params: SearchParams): LandingParams {
  const vehicles: number[] = [];
  const unreadable: string[] = [];
  const ids = all(params, "sharedVehicles")
    .flatMap((value) => value.split(","))
    .map((id) => id.trim())
    .filter((id) => id !== "");
  for (const id of ids) {
    const tokenId = /^\d+$/.test(id) ? Number(id) : Number.NaN;
    if (Number.isInteger(tokenId) && tokenId >= 1 && tokenId <= MAX_INT32) {
      if (!vehicles.includes(tokenId)) vehicles.push(tokenId);
    } else unreadable.push(id);
  }
  const utm = all(params, "utm")[0]?.trim();
  return { vehicles, utm: utm ? utm : null, unreadable };
}

/** "2 vehicles were just shared", "1 vehicle was just shared", "No vehicle was shared". */
export function sharedCountWords(count: number): string {
  if (count === 0) return "No vehicle was shared";
  return count === 1 ? "1 vehicle was just shared" : `${count} vehicles were just shared`;
}
