import type { Vehicle } from "@/lib/models";

/**
 * The vehicle list's search: every word of the query must appear in the vehicle's make, model, year, token id or
 * name (case-insensitive), so "tesla 2022" and "21957" both find the Model 3.
 */
export function filterVehicles<T extends Pick<Vehicle, "make" | "model" | "year" | "tokenId" | "name">>(
  vehicles: readonly T[],
  query: string,
): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...vehicles];
  return vehicles.filter((vehicle) => {
    const haystack = [vehicle.make, vehicle.model, vehicle.year, vehicle.tokenId, vehicle.name]
      .filter((part) => part !== null && part !== undefined)
      .join(" ")
      .toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
