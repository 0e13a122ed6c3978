import { type PrivilegeId } from "@/lib/protocol";

/**
 * What the dashboard learnt from DIMO's login sending owners back to its landing page: which vehicle came through
 * which link (its `utm`), with the grant it had then, and which grants owners revoked. DIMO's identity API lists only
 * live grants, with neither the link that brought them nor how an earlier one ended, so these records are the only
 * way to say either; the live list stays the authority on what is shared now. They are read back on the server
 * (./records), so the browser gets the types and the date rules, not the parser.
 */

export interface ShareRecord {
  kind: "shared" | "revoked";
  tokenId: number;
  /** The link's name, as DIMO's login sent back its `utm`; null when the link named none. */
  link: string | null;
  /** When the owner came back (ISO 8601). */
  at: string;
  /** The vehicle's make, model and year when it was seen, to name it once it is no longer listed. */
  title: string;
  privileges: PrivilegeId[];
  expiresAt: string | null;
}

/** A record as it is written: privileges as DIMO sent them, read back as the known ones only. */
export type ShareRecordInput = Omit<ShareRecord, "privileges"> & { privileges: number[] };

/** A vehicle counts as shared recently for this long after it came through a link. */
const RECENT_SHARE_DAYS = 14;
/** A grant that ends within this many days is flagged, so there is time to ask its owner to share again. */
export const EXPIRY_WARNING_DAYS = 30;
const DAY_MS = 86_400_000;

/** Whether the vehicle came through a link within RECENT_SHARE_DAYS of `nowMs`. */
export function isRecentShare(record: ShareRecord | undefined, nowMs: number): boolean {
  if (record?.kind !== "shared") return false;
  const at = Date.parse(record.at);
  return !Number.isNaN(at) && nowMs - at <= RECENT_SHARE_DAYS * DAY_MS;
}

/** Whether a grant ends within EXPIRY_WARNING_DAYS of `nowMs` (and has not ended yet). */
export function endsSoon(expiresAt: string | null, nowMs: number): boolean {
  if (expiresAt === null) return false;
  const ends = Date.parse(expiresAt);
  return !Number.isNaN(ends) && ends > nowMs && ends - nowMs <= EXPIRY_WARNING_DAYS * DAY_MS;
}

/**
 * How a grant the dashboard saw has ended, as far as can be known: `revoked` when DIMO's login said so, `expired` when
 * its end date has passed, `ended-early` when it is gone before its end date (revoked, most likely: the identity API
 * does not say).
 */
type GrantEnding = "revoked" | "expired" | "ended-early";

export interface EndedGrant {
  tokenId: number;
  title: string;
  link: string | null;
  privileges: PrivilegeId[];
  ending: GrantEnding;
  /** When it was revoked, or when it expired; for `ended-early`, the end date it had. */
  at: string | null;
}

export function endedGrant(record: ShareRecord, nowMs: number): EndedGrant {
  const { tokenId, title, link, privileges } = record;
  if (record.kind === "revoked") return { tokenId, title, link, privileges, ending: "revoked", at: record.at };
  const ends = record.expiresAt === null ? Number.NaN : Date.parse(record.expiresAt);
  const ending = !Number.isNaN(ends) && ends <= nowMs ? "expired" : "ended-early";
  return { tokenId, title, link, privileges, ending, at: record.expiresAt };
}
