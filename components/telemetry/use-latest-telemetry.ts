"use client";

import { createContext } from "react";
import { type TelemetryLatest } from "@/lib/models";
import { type Result } from "@/lib/result";
import { latestQuery } from "./telemetry-queries";
import { type SeededQueryState, useSeededQuery } from "./use-seeded-query";

/** The server's read of the latest signals, started by the Overview; null when the grant allows no signal. */
export const LatestTelemetrySeed = createContext<Promise<Result<TelemetryLatest>> | null>(null);

export type LatestTelemetry = SeededQueryState<TelemetryLatest>;

/** The vehicle's latest signals, for every Overview panel that shows them: one query, however many panels read it. */
export function useLatestTelemetry(tokenId: number): LatestTelemetry {
  return useSeededQuery(LatestTelemetrySeed, latestQuery(tokenId));
}
