import type { Vehicle } from "@/lib/models";

/** `2022 Tesla Model 3`, or the vehicle's own name, or its token id when the identity API knows neither. */
export function vehicleTitle(vehicle: Pick<Vehicle, "year" | "make" | "model" | "name" | "tokenId">): string {
  const definition = [vehicle.year, vehicle.make, vehicle.model]
    .filter((part) => part !== null && part !== "")
    .join(" ");
  if (definition !== "") return definition;
  return vehicle.name ?? `Vehicle ${vehicle.tokenId}`;
}
