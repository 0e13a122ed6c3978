import type { Vehicle } from "@/lib/models";
import { type PrivilegeId, isPrivilegeId } from "@/lib/protocol";

/** Whether every word of the query appears in one of the parts (case-insensitive); an empty query matches all. */
export function matchesQuery(parts: readonly (string | number | null | undefined)[], query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = parts
    .filter((part) => part !== null && part !== undefined)
    .join(" ")
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/**
 * The vehicle list's search: every word of the query must appear in the vehicle's make, model, year, token id, name
 * or the name of the share link that brought it (case-insensitive), so "tesla 2022" and "21957" both find the Model 3.
 */
export function filterVehicles<T extends Pick<Vehicle, "make" | "model" | "year" | "tokenId" | "name">>(
  vehicles: readonly T[],
  query: string,
  linkOf: (tokenId: number) => string | null | undefined = () => null,
): T[] {
  return vehicles.filter((vehicle) =>
    matchesQuery(
      [vehicle.make, vehicle.model, vehicle.year, vehicle.tokenId, vehicle.name, linkOf(vehicle.tokenId)],
      query,
    ),
  );
}

/** Which grants the list shows: all live ones (and the ended ones below), those ending soon, or only the ended. */
export const GRANT_FILTERS = ["all", "ending", "ended"] as const;
export type GrantFilter = (typeof GRANT_FILTERS)[number];

/** The list's filters, kept in the URL: `?privilege=1&privilege=4` (each one held) and `?grant=ending|ended`. */
export interface VehicleFilters {
  privileges: PrivilegeId[];
  grant: GrantFilter;
}

/** The filters a URL holds; values that are none are ignored, so an old or edited URL still opens the list. */
export function readVehicleFilters(params: URLSearchParams): VehicleFilters {
  const privileges = [
    ...new Set(
      params
        .getAll("privilege")
        .map(Number)
        .filter((id) => Number.isInteger(id) && isPrivilegeId(id)),
    ),
  ] as PrivilegeId[];
  const grant = params.get("grant");
  return {
    privileges: privileges.sort((a, b) => a - b),
    grant: GRANT_FILTERS.find((known) => known === grant) ?? "all",
  };
}

/** The URL's parameters with these filters in place of any earlier ones; the rest (the search) is kept. */
export function writeVehicleFilters(params: URLSearchParams, filters: VehicleFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete("privilege");
  for (const id of filters.privileges) next.append("privilege", String(id));
  if (filters.grant === "all") next.delete("grant");
  else next.set("grant", filters.grant);
  return next;
}

/** Whether a grant holds every privilege asked for. */
export const holdsAll = (held: readonly PrivilegeId[], wanted: readonly PrivilegeId[]) =>
  wanted.every((id) => held.includes(id));
