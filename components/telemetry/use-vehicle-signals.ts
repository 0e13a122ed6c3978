"use client";

import { useQuery } from "@tanstack/react-query";
import { createContext, use } from "react";
import { useHydrated } from "@/lib/hooks/use-now";
import { type AppError, type Result, toAppError } from "@/lib/result";
import { type VehicleSignals } from "@/lib/signals/vehicle-signals";
import { vehicleSignalsQuery } from "./telemetry-query";

/**
 * The server's read of every signal the vehicle has, started by the Overview and streamed to the panels that list
 * them; null when the grant allows no signal, so nothing is read. Provided by `OverviewFrame`.
 */
export const VehicleSignalsSeed = createContext<Promise<Result<VehicleSignals>> | null>(null);

export type VehicleSignalsState =
  | { status: "loading" }
  | { status: "unreadable" }
  | { status: "error"; error: AppError; retry: () => void; retrying: boolean }
  | { status: "ready"; data: VehicleSignals };

/**
 * Every signal the vehicle has, for the attention list and the signal groups: one query for both, seeded with the
 * server's answer (the calling component suspends until it streams in) and refreshed by the browser. A failed server
 * read is asked once more by the browser before it shows.
 */
export function useVehicleSignals(tokenId: number): VehicleSignalsState {
  const seed = use(VehicleSignalsSeed);
  const initial = seed ? use(seed) : null;
  const hydrated = useHydrated();
  const query = useQuery({
    ...vehicleSignalsQuery(tokenId),
    initialData: initial?.ok ? initial.data : undefined,
    enabled: seed !== null,
  });
  if (!hydrated) return { status: "loading" };
  if (seed === null) return { status: "unreadable" };
  if (query.data !== undefined) return { status: "ready", data: query.data };
  if (query.error)
    return {
      status: "error",
      error: toAppError(query.error),
      retry: () => void query.refetch(),
      retrying: query.isFetching,
    };
  return { status: "loading" };
}
