import { type LandingOutcome } from "@/lib/models/share-links";
import { IDENTITY_PAGE_MAX, MAX_INT32 } from "@/lib/protocol";

/**
 * What DIMO's login sends back to the redirect URI once an owner has shared vehicles: `sharedVehicles`, the token ids
 * joined with commas in one value (or repeated, as older versions of the login wrote them), `revokedVehicles` the same
 * way after a revocation, and the link's `utm`. The login writes an absent list as the word "undefined". The `token`,
 * `email` and `walletAddress` it adds belong to the owner and are neither read nor shown here.
 */

/** The dashboard's landing page, where share links send owners back by default. */
export const SHARE_LANDING_PATH = "/share/landing";

/** The parameters the landing page keeps; DIMO's login also sends the owner's token, email and wallet address. */
export const LANDING_KEPT_PARAMS = ["sharedVehicles", "revokedVehicles", "utm"] as const;

export interface LandingParams {
  /** The vehicles just shared, in the order given, without repeats. */
  vehicles: number[];
  /** The vehicles whose grants the owner just revoked. */
  revoked: number[];
  /** The name of the link they came through, when it named one. */
  utm: string | null;
  /** Values that were not vehicle ids, to say so rather than drop them quietly. */
  unreadable: string[];
}

type SearchParams = Record<string, string | string[] | undefined>;

/** The words DIMO's login writes for a value it did not have. */
const ABSENT = new Set(["undefined", "null"]);

const all = (params: SearchParams, name: string): string[] => {
  const value = params[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
};

function tokenIds(params: SearchParams, name: string, unreadable: string[]): number[] {
  const ids: number[] = [];
  const values = all(params, name)
    .flatMap((value) => value.split(","))
    .map((id) => id.trim())
    .filter((id) => id !== "" && !ABSENT.has(id));
  for (const value of values) {
    const tokenId = /^\d+$/.test(value) ? Number(value) : Number.NaN;
    if (Number.isInteger(tokenId) && tokenId >= 1 && tokenId <= MAX_INT32) {
      if (!ids.includes(tokenId)) ids.push(tokenId);
    } else unreadable.push(value);
  }
  return ids;
}

export function readLandingParams(params: SearchParams): LandingParams {
  const unreadable: string[] = [];
  const vehicles = tokenIds(params, "sharedVehicles", unreadable);
  const revoked = tokenIds(params, "revokedVehicles", unreadable);
  const utm = all(params, "utm")[0]?.trim();
  return { vehicles, revoked, utm: utm && !ABSENT.has(utm) ? utm : null, unreadable };
}

/**
 * The most vehicle ids one landing checks with DIMO, shared and revoked together: one identity page's worth. Each id
 * costs an identity request, and DIMO's login sends back only the vehicles an owner ticked, far fewer than this.
 */
export const LANDING_PAGE_MAX = IDENTITY_PAGE_MAX;

export interface LandingPage {
  vehicles: number[];
  revoked: number[];
  /** How many ids past LANDING_PAGE_MAX were left unchecked. */
  leftOut: number;
}

/** The ids a landing checks: the shared ones first, then the revoked, LANDING_PAGE_MAX in all. */
export function landingPage({ vehicles, revoked }: Pick<LandingParams, "vehicles" | "revoked">): LandingPage {
  const checkedShared = vehicles.slice(0, LANDING_PAGE_MAX);
  const checkedRevoked = revoked.slice(0, LANDING_PAGE_MAX - checkedShared.length);
  return {
    vehicles: checkedShared,
    revoked: checkedRevoked,
    leftOut: vehicles.length + revoked.length - checkedShared.length - checkedRevoked.length,
  };
}

/** "2 vehicles were just shared", "1 vehicle was just shared", "No vehicle was shared". */
export function sharedCountWords(count: number): string {
  if (count === 0) return "No vehicle was shared";
  return count === 1 ? "1 vehicle was just shared" : `${count} vehicles were just shared`;
}

/** "Recorded on the vehicle list: 2 vehicles shared through the link Spring and 1 revoked grant." */
export function recordedLandingWords({ shared, revoked, link }: Pick<LandingOutcome, "shared" | "revoked" | "link">) {
  const parts: string[] = [];
  if (shared.length > 0) {
    const vehicles = shared.length === 1 ? "1 vehicle" : `${shared.length} vehicles`;
    parts.push(`${vehicles} shared${link === null ? "" : ` through the link ${link}`}`);
  }
  if (revoked.length > 0) parts.push(revoked.length === 1 ? "1 revoked grant" : `${revoked.length} revoked grants`);
  if (parts.length === 0) return "Nothing was recorded: DIMO no longer lists what this page showed.";
  return `Recorded on the vehicle list: ${parts.join(" and ")}.`;
}
