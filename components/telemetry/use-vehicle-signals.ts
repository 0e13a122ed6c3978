"use client";

import { createContext } from "react";
import { type Result } from "@/lib/result";
import { type VehicleSignals } from "@/lib/signals/vehicle-signals";
import { vehicleSignalsQuery } from "./telemetry-queries";
import { type SeededQueryState, useSeededQuery } from "./use-seeded-query";

/**
 * The server's read of every signal the vehicle has, started by the Overview for the panels that list them; null
 * when the grant allows no signal.
 */
export const VehicleSignalsSeed = createContext<Promise<Result<VehicleSignals>> | null>(null);

export type VehicleSignalsState = SeededQueryState<VehicleSignals>;

/** Every signal the vehicle has, for the attention list and the signal groups: one query for both. */
export function useVehicleSignals(tokenId: number): VehicleSignalsState {
  return useSeededQuery(VehicleSignalsSeed, vehicleSignalsQuery(tokenId));
}
