"use client";

import { canReadSignals } from "@/lib/features";
import { type VehicleGrant } from "@/lib/models";
import { type VehicleSignals } from "@/lib/signals/vehicle-signals";
import { vehicleSignalsQuery } from "./telemetry-queries";
import { type OverviewReadState, useOverviewRead } from "./use-overview-read";

export type VehicleSignalsState = OverviewReadState<VehicleSignals>;

/** Every signal the vehicle has, for the attention list and the signal groups: one query for both. */
export function useVehicleSignals(tokenId: number, grant: VehicleGrant | null): VehicleSignalsState {
  return useOverviewRead(vehicleSignalsQuery(tokenId), canReadSignals(grant));
}
