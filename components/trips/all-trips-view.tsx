"use client";

import { RotateCcw, Square } from "lucide-react";
import { AllTripsMapLazy } from "@/components/map/all-trips-map-lazy";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { MissingPrivilege } from "@/components/vehicles/missing-privilege";
import { formatNumber } from "@/lib/format/numbers";
import { formatDuration } from "@/lib/format/time";
import { TripsExports } from "./trips-exports";
import { type AllTripsProgress, timeLeftMs, useAllTrips } from "./use-all-trips";

function statusLine(progress: AllTripsProgress): string {
  const trips = `${formatNumber(progress.trips)} trips`;
  const pages = progress.totalPages === null ? "" : ` · page ${formatNumber(progress.pagesDone)} of ${formatNumber(progress.totalPages)}`;
  switch (progress.status) {
    case "loading": {
      if (progress.totalPages === null) return "Starting…";
      // DIMO lets a client read about 9 pages a second, so a long history takes minutes: say how many.
      const left = timeLeftMs(progress, Date.now());
      return `Loading ${trips}${pages}${left !== null && left >= 5_000 ? ` · about ${formatDuration(left)} left` : ""}`;
    }
    case "done":
      if (progress.trips === 0) return "This vehicle has no trips yet.";
      return `${trips} on the map${progress.truncated ? " (the first pages only: the vehicle has more than the map takes)" : ""}`;
    case "cancelled":
      return `Stopped: ${trips} of the vehicle's trips are on the map${pages}`;
    case "error":
      return progress.error?.message ?? "The trips could not be loaded.";
  }
}

/** Every trip of a vehicle on one map, loaded page by page with a progress bar, and cancellable. */
export function AllTripsView({ tokenId, mapStyleUrl }: { tokenId: number; mapStyleUrl: string | undefined }) {
  const { store, progress, cancel, restart } = useAllTrips(tokenId);
  if (progress.status === "error" && progress.error?.code === "PRIVILEGE_MISSING") {
    return <MissingPrivilege feature="trips" />;
  }
  const total = progress.totalPages ?? 0;
  const value = progress.status === "done" ? 1 : total > 0 ? progress.pagesDone / total : 0;

  return (
    <section className="flex flex-col gap-4" data-testid="all-trips-view" data-status={progress.status} data-trips={progress.trips} data-points={progress.points} aria-label="All trips">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-64 flex-1 flex-col gap-1.5">
          <p className={progress.status === "error" ? "text-sm text-danger" : "text-sm text-muted-foreground"} data-testid="all-trips-status" aria-live="polite">
            {statusLine(progress)}
          </p>
          <ProgressBar label="Trips loaded" value={value} className="max-w-xl" />
        </div>
        {progress.status === "loading" ? (
          <Button variant="secondary" size="sm" onClick={cancel} data-testid="all-trips-cancel">
            <Square className="size-3.5" aria-hidden />
            Cancel
          </Button>
        ) : (
          <Button variant="secondary" size="sm" onClick={restart} data-testid="all-trips-restart">
            <RotateCcw className="size-3.5" aria-hidden />
            Load again
          </Button>
        )}
      </div>
      <AllTripsMapLazy store={store} version={progress.version} done={progress.status === "done"} styleUrl={mapStyleUrl} />
      <p className="text-xs text-muted-foreground">
        Where trips start, grouped: a circle&apos;s size and colour say how many trips start there; zoom in for single starts. Trips without a start location are not drawn.
      </p>
      <div className="border-t border-border pt-4">
        <TripsExports tokenId={tokenId} page="all" />
      </div>
    </section>
  );
}
