"use client";

import { RotateCcw, Square } from "lucide-react";
import { useCallback, useDeferredValue, useMemo, useState } from "react";
import { AllTripsMapLazy } from "@/components/map/all-trips-map-lazy";
import { AllTripsPreview } from "@/components/map/all-trips-preview";
import type { AllTripsView as MapView } from "@/components/map/all-trips-views";
import { MapGate } from "@/components/map/map-gate";
import { useMapsWanted } from "@/lib/hooks/use-maps-wanted";
import { Button } from "@/components/ui/button";
import { ErrorNotice } from "@/components/ui/error-notice";
import { ProgressBar } from "@/components/ui/progress-bar";
import { formatNumber } from "@/lib/format/numbers";
import { formatDuration } from "@/lib/format/time";
import { useTimeZoneChoice } from "@/lib/hooks/use-time-zone";
import { ALL_TRIPS_ASK_ABOVE_PAGES } from "@/lib/protocol";
import { TimeZoneSwitch } from "@/components/ui/time-zone-switch";
import { ToggleGroup, type ToggleOption } from "@/components/ui/toggle-group";
import { AllTripsWarning } from "./all-trips-warning";
import { ClusterTrips, type PickedTrips } from "./cluster-trips";
import type { PointStore } from "./point-store";
import { type TimeWindow, type WindowBounds, inBounds, tripsPerDay, windowBounds, windowLabel } from "./time-window";
import { TimeWindowControl } from "./time-window-control";
import { TripsExports } from "./trips-exports";
import { TripsHistogram } from "./trips-histogram";
import { type AllTripsProgress, timeLeftMs, useAllTrips } from "./use-all-trips";
import { usePacedVersion } from "./use-all-trips-pace";
import { useAllTripsUrl } from "./use-all-trips-url";

const VIEWS: ReadonlyArray<ToggleOption<MapView>> = [
  { value: "clusters", label: "Clusters" },
  { value: "density", label: "Density" },
  { value: "lines", label: "Lines" },
];

const VIEW_NOTES: Record<MapView, string> = {
  clusters:
    "Where trips start, grouped: a circle's size and colour say how many trips start there, and its label the number. Click a circle to zoom in; at the closest zoom, or with Alt held, the click lists its trips. Trips without a start location are not drawn.",
  density:
    "Where trips start and end, as a density: the brighter a place, the more often the vehicle starts or ends a trip there.",
  lines:
    "Each trip as a straight line from where it started to where it ended: the brighter a line, the more trips run between those places. Trips without a start or an end location are not drawn.",
};

/** While the preview stays (less data asked for), the note says what it shows and how to get the map. */
const PREVIEW_NOTE =
  "A preview of where the window's trips start: the brighter a place, the more trips start there. Press its button for the interactive map with clusters, density and lines.";

function statusLine(progress: AllTripsProgress, window: TimeWindow, inWindow: number, partial: boolean): string {
  if (partial && progress.status === "done") {
    const pages =
      progress.totalPages === null
        ? ""
        : ` (${formatNumber(progress.pagesDone)} of ${formatNumber(progress.totalPages)} pages read: the older ones are outside the window)`;
    return `${formatNumber(inWindow)} trips on the map, ${windowLabel(window)}${pages}`;
  }
  if (window.kind !== "all" && progress.status === "done" && progress.trips > 0) {
    return `${formatNumber(inWindow)} of ${formatNumber(progress.trips)} trips on the map, ${windowLabel(window)}`;
  }
  const trips = `${formatNumber(progress.trips)} trips`;
  const pages =
    progress.totalPages === null
      ? ""
      : ` · page ${formatNumber(progress.pagesDone)} of ${formatNumber(progress.totalPages)}`;
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
      // Shown only without the error itself, which has a notice of its own.
      return "The trips could not be loaded.";
  }
}

/** How many of the store's trips start in the bounds (all of them, unknown times included, without bounds). */
function countInBounds(store: PointStore, bounds: WindowBounds): number {
  if (!bounds) return store.count;
  let n = 0;
  for (const t of store.startTimes) if (inBounds(t, bounds)) n++;
  return n;
}

const isoOf = (ms: number) => new Date(ms).toISOString();

/** While trips arrive, the histogram is counted again at most this often (ms): each count walks every trip. */
const HISTOGRAM_GAP_MS = 500;

/**
 * Every trip of a vehicle on one map, loaded page by page with a progress bar, and cancellable; a time window (in the
 * URL) with a histogram of trips per day filters the map, its counts and the export; clusters, density or lines; a
 * click on a cluster, or on lines, lists their trips.
 */
export function AllTripsView({
  tokenId,
  mapStyleUrl,
  totalPages,
}: {
  tokenId: number;
  mapStyleUrl: string | undefined;
  totalPages: number | null;
}) {
  const { timeWindow, view, setWindow, setView } = useAllTripsUrl();
  // Relative windows end when the page was opened, so that the bounds, and the map, stay put while it is open.
  const [openedAt] = useState(() => Date.now());
  // A custom range's days are those of the zone the page shows times in (until hydrated, the viewer's own).
  const zone = useTimeZoneChoice() ?? "local";
  const bounds = useMemo(() => windowBounds(timeWindow, openedAt, zone), [timeWindow, openedAt, zone]);
  // A long history is read back to the window's start only, and in full only once the person has said so; a short
  // one is read in full at once (seconds), so its window can change freely.
  const large = totalPages !== null && totalPages > ALL_TRIPS_ASK_ABOVE_PAGES;
  const wantedSince = large && bounds ? bounds.from : null;
  const [loadSince, setLoadSince] = useState(wantedSince);
  const [allConfirmed, setAllConfirmed] = useState(false);
  // What is loaded (or may be) already covers a later start; an earlier one, or everything, needs a new run.
  const covered = loadSince === null ? allConfirmed || !large : wantedSince !== null && wantedSince >= loadSince;
  if (!covered && loadSince !== wantedSince) setLoadSince(wantedSince);
  const waiting = large && loadSince === null && !allConfirmed;
  const { store, progress, cancel, restart } = useAllTrips(tokenId, waiting ? null : { since: loadSince });
  const partial = loadSince !== null;
  const settled = progress.status !== "loading";
  // The count follows the stream; the histogram too, at a slower pace (it walks every trip's date), and at once when
  // the stream ends. Both walk every trip, so a new window reaches them a render after the map, which starts on it at
  // once.
  const countedBounds = useDeferredValue(bounds);
  const histogramVersion = usePacedVersion(progress.version, settled, HISTOGRAM_GAP_MS);
  const inWindow = useMemo(
    () => countInBounds(store, countedBounds),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [store, countedBounds, progress.version, settled],
  );
  const days = useMemo(
    () => (settled || store.count > 0 ? tripsPerDay(store.startTimes, countedBounds, zone) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [store, countedBounds, zone, settled, histogramVersion],
  );
  // Built again only when the days change: the page renders on every frame of the stream.
  const histogram = useMemo(() => (days ? <TripsHistogram days={days} /> : null), [days]);
  const [picked, setPicked] = useState<{ trips: PickedTrips; store: PointStore; bounds: typeof bounds } | null>(null);
  const onListTrips = useCallback((trips: PickedTrips) => setPicked({ trips, store, bounds }), [store, bounds]);
  const shownPick = picked && picked.store === store && picked.bounds === bounds ? picked.trips : null;
  const mapsWanted = useMapsWanted();

  // The same map, under the same key, before and after the person chose what to load: it gets ready (basemap,
  // workers, fonts) while they read the question, and the trips land on it once chosen. Until its first frame, a
  // density of the trips' starts stands in its place.
  const mapView = (
    <MapGate
      key="all-trips-map"
      // The map's height, and below it the busiest places the map lists once drawn.
      className="min-h-[560px] w-full"
      previewClassName="inset-x-0 top-0 h-[560px]"
      preview={<AllTripsPreview store={store} version={progress.version} bounds={bounds} />}
    >
      <AllTripsMapLazy
        store={store}
        version={progress.version}
        done={progress.status === "done"}
        styleUrl={mapStyleUrl}
        bounds={bounds}
        view={view}
        onListTrips={onListTrips}
      />
    </MapGate>
  );
  if (waiting) {
    return (
      <section
        className="flex flex-col gap-4"
        data-testid="all-trips-view"
        data-status="waiting"
        aria-label="All trips"
      >
        <AllTripsWarning totalPages={totalPages ?? 0} onLoadAll={() => setAllConfirmed(true)} onWindow={setWindow} />
        <TimeWindowControl value={timeWindow} onChange={setWindow} nowMs={openedAt} />
        {mapView}
      </section>
    );
  }
  const total = progress.totalPages ?? 0;
  const value = progress.status === "done" ? 1 : total > 0 ? progress.pagesDone / total : 0;

  return (
    <section
      className="flex flex-col gap-4"
      data-testid="all-trips-view"
      data-status={progress.status}
      data-trips={progress.trips}
      data-points={progress.points}
      data-shown={inWindow}
      data-since={loadSince === null ? "" : new Date(loadSince).toISOString()}
      aria-label="All trips"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-64 flex-1 flex-col gap-1.5">
          {progress.error ? (
            // The failure in the status line's place (a refused privilege as what is missing); its retry, only when one
            // can help, stands for "Load again".
            <ErrorNotice
              variant="line"
              error={progress.error}
              feature="trips"
              title="The trips could not be loaded."
              onRetry={restart}
              testId="all-trips-status"
            />
          ) : (
            <p className="text-sm text-muted-foreground" data-testid="all-trips-status" aria-live="polite">
              {statusLine(progress, timeWindow, inWindow, partial)}
            </p>
          )}
          <ProgressBar label="Trips loaded" value={value} className="max-w-xl" />
        </div>
        {progress.status === "loading" ? (
          <Button variant="secondary" size="sm" onClick={cancel} data-testid="all-trips-cancel">
            <Square className="size-3.5" aria-hidden />
            Cancel
          </Button>
        ) : progress.error ? null : (
          <Button variant="secondary" size="sm" onClick={restart} data-testid="all-trips-restart">
            <RotateCcw className="size-3.5" aria-hidden />
            Load again
          </Button>
        )}
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <TimeWindowControl value={timeWindow} onChange={setWindow} nowMs={openedAt} />
        <TimeZoneSwitch />
        <ToggleGroup
          label="Map view"
          options={VIEWS}
          selected={view}
          onSelect={setView}
          testIdPrefix="all-trips-view"
        />
      </div>
      {/* Until the first trips, a line of the histogram's height: the map below must not move when it comes. */}
      {histogram ?? (
        <p className="flex h-16 items-center text-xs text-muted-foreground">
          The trips per day show as the trips arrive.
        </p>
      )}
      {mapView}
      <p className="text-xs text-muted-foreground">{mapsWanted === false ? PREVIEW_NOTE : VIEW_NOTES[view]}</p>
      {shownPick ? (
        <ClusterTrips tokenId={tokenId} store={store} picked={shownPick} onClose={() => setPicked(null)} />
      ) : null}
      <div className="border-t border-border pt-4">
        <TripsExports
          tokenId={tokenId}
          page="all"
          window={bounds ? { from: isoOf(bounds.from), to: isoOf(bounds.to) } : undefined}
        />
      </div>
    </section>
  );
}
