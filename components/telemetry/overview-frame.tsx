"use client";

import { useCallback, useEffect, useState } from "react";
import { type VehicleGrant } from "@/lib/models";
import { markForTests } from "@/lib/test-hooks";
import { useLatestTelemetry } from "./use-latest-telemetry";
import { useVehicleSignals } from "./use-vehicle-signals";

/** Marked (under test) when the Overview first showed its data in this tab: read by the speed measurement. */
const OVERVIEW_INTERACTIVE_MARK = "overview:interactive";

/**
 * Around the Overview's panels: says when the Overview has settled (`data-state`): hydrated, with the values, an
 * error, or a grant that allows no signal, for both of the server's reads (the latest key signals, and every signal
 * the vehicle has). The VIN is not waited for; it streams into its own place.
 */
export function OverviewFrame({
  tokenId,
  grant,
  children,
}: {
  tokenId: number;
  grant: VehicleGrant | null;
  children: React.ReactNode;
}) {
  const [ready, setReady] = useState(false);
  const onSettled = useCallback(() => setReady(true), []);
  return (
    <>
      <div className="flex flex-col gap-6" data-testid="telemetry-overview" data-state={ready ? "ready" : "loading"}>
        {children}
      </div>
      <Settled tokenId={tokenId} grant={grant} onSettled={onSettled} />
    </>
  );
}

/** Reads the shared queries like a panel, so the Overview's state follows them whichever panels are shown. */
function Settled({
  tokenId,
  grant,
  onSettled,
}: {
  tokenId: number;
  grant: VehicleGrant | null;
  onSettled: () => void;
}) {
  const latestSettled = useLatestTelemetry(tokenId, grant).status !== "loading";
  const signalsSettled = useVehicleSignals(tokenId, grant).status !== "loading";
  const settled = latestSettled && signalsSettled;
  useEffect(() => {
    if (!settled) return;
    onSettled();
    markForTests(OVERVIEW_INTERACTIVE_MARK, { once: true });
  }, [settled, onSettled]);
  return null;
}
