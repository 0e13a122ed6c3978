"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { type TelemetryLatest } from "@/lib/models";
import { fetchJson } from "@/lib/result";
import { type VehicleChoice, vehicleChoicesQuery, webhookKeys } from "./webhooks-queries";

/**
 * Where the geofence map starts: the area of the first vehicle whose location the license may read, from its latest
 * signals (one Telemetry API request, made only when the helper is shown). Rounded to about a kilometre: the map
 * opens on the vehicles' metro, not on a vehicle's doorstep.
 */

/** Exact location (privilege 4) or the approximate one (privilege 8): either places the metro. */
const LOCATION_PRIVILEGES = [4, 8];

export function firstLocatedVehicle(choices: readonly VehicleChoice[]): number | null {
  return choices.find((choice) => choice.privileges.some((id) => LOCATION_PRIVILEGES.includes(id)))?.tokenId ?? null;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The exact location when the answer has it, else the approximate one, to two decimals; null when neither. */
export function metroOf(latest: Pick<TelemetryLatest, "signals">): { latitude: number; longitude: number } | null {
  for (const name of ["currentLocationCoordinates", "currentLocationApproximateCoordinates"]) {
    const value = latest.signals.find((signal) => signal.name === name)?.value;
    if (typeof value === "object" && Number.isFinite(value.latitude) && Number.isFinite(value.longitude))
      return { latitude: round2(value.latitude), longitude: round2(value.longitude) };
  }
  return null;
}

/** The metro to start from, or null while unknown or when no vehicle's location can be read. */
export function useFleetCentre(): { latitude: number; longitude: number } | null {
  const choices = useQuery(vehicleChoicesQuery());
  const tokenId = choices.data ? firstLocatedVehicle(choices.data) : null;
  const latest = useQuery({
    queryKey: [...webhookKeys.all, "fleet-centre", tokenId] as const,
    queryFn: ({ signal }) =>
      fetchJson<TelemetryLatest>(`/api/vehicles/${tokenId}/telemetry/latest`, { signal, cache: "no-store" }),
    enabled: tokenId !== null,
    staleTime: Infinity,
    retry: false,
  });
  // One object per answer, so that what is built from it is not rebuilt on every render.
  return useMemo(() => (latest.data ? metroOf(latest.data) : null), [latest.data]);
}
