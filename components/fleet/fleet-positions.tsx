"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorNotice } from "@/components/ui/error-notice";
import { ProgressBar } from "@/components/ui/progress-bar";
import { fleetProgressText, stillReading } from "@/lib/fleet/progress";
import { formatNumber } from "@/lib/format/numbers";
import type { FleetPosition } from "@/lib/models/fleet";
import { toAppError } from "@/lib/result";
import type { PickedVehicles } from "./fleet-points";
import { FleetMapLazy } from "./fleet-map-lazy";
import { FleetPicked } from "./fleet-picked";
import { fleetPositionsQuery } from "./fleet-queries";

const NO_POSITIONS: readonly FleetPosition[] = [];

/**
 * Where the fleet is: the refresher's progress in words, the map of last known positions (loaded after the page) and
 * the vehicles a click on it picked. The positions come from the browser, not the page's HTML, which stays the same
 * size however large the fleet; they are asked again while the refresher still reads.
 */
export function FleetPositions({ mapStyleUrl }: { mapStyleUrl: string | undefined }) {
  const query = useQuery(fleetPositionsQuery());
  const [picked, setPicked] = useState<PickedVehicles | null>(null);
  const progress = query.data?.progress;
  return (
    <section className="flex flex-col gap-3" aria-labelledby="fleet-positions-heading" data-testid="fleet-positions">
      <div>
        <h2 id="fleet-positions-heading" className="text-lg font-semibold">
          Where the fleet is
        </h2>
        <p className="text-sm text-muted-foreground">
          Each vehicle&apos;s last known position, as the dashboard reads them from DIMO&apos;s Telemetry API in the
          background. A click on a circle lists its vehicles.
        </p>
      </div>
      {progress ? (
        <div className="flex flex-col gap-1.5">
          <p
            role="status"
            className="text-sm"
            data-testid="fleet-positions-progress"
            data-total={progress.total}
            data-with-position={progress.withPosition}
            data-running={progress.running}
          >
            {fleetProgressText(progress)}
          </p>
          {stillReading(progress) && progress.total > 0 ? (
            <ProgressBar
              label="Vehicles read for their position"
              value={progress.read / progress.total}
              valueText={`${formatNumber(progress.read)} of ${formatNumber(progress.total)} vehicles read`}
              className="max-w-md"
            />
          ) : null}
        </div>
      ) : query.isPending ? (
        <p role="status" className="text-sm text-muted-foreground" data-testid="fleet-positions-progress">
          Reading the positions…
        </p>
      ) : null}
      {query.error ? (
        <ErrorNotice
          error={toAppError(query.error)}
          title="The positions could not be read."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          testId="fleet-positions-error"
          variant={query.data ? "line" : "panel"}
        />
      ) : null}
      <FleetMapLazy positions={query.data?.positions ?? NO_POSITIONS} styleUrl={mapStyleUrl} onList={setPicked} />
      {picked ? <FleetPicked picked={picked} onClose={() => setPicked(null)} /> : null}
    </section>
  );
}
