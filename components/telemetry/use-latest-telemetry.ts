"use client";

import { canReadSignals } from "@/lib/features";
import { type TelemetryLatest, type VehicleGrant } from "@/lib/models";
import { latestQuery } from "./telemetry-queries";
import { type OverviewReadState, useOverviewRead } from "./use-overview-read";

export type LatestTelemetry = OverviewReadState<TelemetryLatest>;

/** The vehicle's latest signals, for every Overview panel that shows them: one query, however many panels read it. */
export function useLatestTelemetry(tokenId: number, grant: VehicleGrant | null): LatestTelemetry {
  return useOverviewRead(latestQuery(tokenId), canReadSignals(grant));
}
