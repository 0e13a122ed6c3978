import { type PrivilegeId } from "@/lib/protocol";

/** Whether every word of the query appears in one of the parts (case-insensitive); an empty query matches all. */
export function matchesQuery(parts: readonly (string | number | null | undefined)[], query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = parts
    .filter((part) => part !== null && part !== undefined)
    .join(" ")
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** Which grants the list shows: all live ones (and the ended ones below), those ending soon, or only the ended. */
export const GRANT_FILTERS = ["all", "ending", "ended"] as const;
export type GrantFilter = (typeof GRANT_FILTERS)[number];

/** The list's filters, kept in the URL: `?privilege=1&privilege=4` (each one held) and `?grant=ending|ended`. */
export interface VehicleFilters {
  privileges: PrivilegeId[];
  grant: GrantFilter;
}

/** Whether a grant holds every privilege asked for. */
export const holdsAll = (held: readonly PrivilegeId[], wanted: readonly PrivilegeId[]) =>
  wanted.every((id) => held.includes(id));
