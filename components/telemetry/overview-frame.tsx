"use client";

import { Suspense, useCallback, useEffect, useState } from "react";
import { type TelemetryLatest } from "@/lib/models";
import { type Result } from "@/lib/result";
import { type VehicleSignals } from "@/lib/signals/vehicle-signals";
import { markForTests } from "@/lib/test-hooks";
import { LatestTelemetrySeed, useLatestTelemetry } from "./use-latest-telemetry";
import { VehicleSignalsSeed, useVehicleSignals } from "./use-vehicle-signals";

/** Marked (under test) when the Overview first showed its data in this tab: read by the speed measurement. */
export const OVERVIEW_INTERACTIVE_MARK = "overview:interactive";

/**
 * Around the Overview's panels: hands them the server's reads (the latest key signals, and every signal the vehicle
 * has) and says when the Overview has settled (`data-state`): hydrated, with the values, an error, or a grant that
 * allows no signal, for both reads. The VIN is not waited for; it streams into its own place.
 */
export function OverviewFrame({
  tokenId,
  latest,
  signals,
  children,
}: {
  tokenId: number;
  latest: Promise<Result<TelemetryLatest>> | null;
  signals: Promise<Result<VehicleSignals>> | null;
  children: React.ReactNode;
}) {
  const [ready, setReady] = useState(false);
  const onSettled = useCallback(() => setReady(true), []);
  return (
    <LatestTelemetrySeed value={latest}>
      <VehicleSignalsSeed value={signals}>
        <div className="flex flex-col gap-6" data-testid="telemetry-overview" data-state={ready ? "ready" : "loading"}>
          {children}
        </div>
        <Suspense fallback={null}>
          <Settled tokenId={tokenId} onSettled={onSettled} />
        </Suspense>
      </VehicleSignalsSeed>
    </LatestTelemetrySeed>
  );
}

/** Reads the shared queries like a panel, so the Overview's state follows them whichever panels are shown. */
function Settled({ tokenId, onSettled }: { tokenId: number; onSettled: () => void }) {
  const latestSettled = useLatestTelemetry(tokenId).status !== "loading";
  const signalsSettled = useVehicleSignals(tokenId).status !== "loading";
  const settled = latestSettled && signalsSettled;
  useEffect(() => {
    if (!settled) return;
    onSettled();
    markForTests(OVERVIEW_INTERACTIVE_MARK, { once: true });
  }, [settled, onSettled]);
  return null;
}
