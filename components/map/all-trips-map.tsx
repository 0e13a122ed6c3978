"use client";

import { useTheme } from "next-themes";
import { useEffect, useRef, useState } from "react";
import { BusiestPlaces } from "@/components/trips/busiest-places";
import type { PointStore } from "@/components/trips/point-store";
import { type WindowBounds, sameBounds } from "@/components/trips/time-window";
import { measureForTests } from "@/lib/test-hooks";
import { AllTripsLegend } from "./all-trips-legend";
import { exposeAllTripsMap } from "./all-trips-test-hooks";
import { addClusterInteractions, type ListTrips } from "./cluster-interactions";
import { addLineInteractions } from "./line-interactions";
import type { AllTripsView } from "./all-trips-views";
import { ClusterFeed } from "./gl/cluster-feed";
import { ClusterIndex } from "./gl/cluster-index";
import { CLUSTERS_LAYER, DENSITY_LAYER, LINES_LAYER, showView } from "./cluster-layers";
import { marksOf } from "./gl/cluster-marks";
import { ClusterMarksLayer } from "./gl/cluster-marks-layer";
import { heatPointsOf } from "./gl/density-heat";
import { DensityLayer } from "./gl/density-layer";
import { fitToPoints } from "./fit-to-points";
import { MapRegion } from "./map-region";
import { MAP_PALETTES, mapThemeOf } from "./map-theme";
import { TripLinesLayer } from "./gl/trip-lines-layer";
import { tripLinesOf } from "./gl/trip-lines";
import { useBaseMap } from "./use-base-map";
import { useBusiestPlaces } from "./use-busiest-places";
import { whenDrawn } from "./when-drawn";

/** Performance measure (under test) from a time window's change until the map has drawn it. */
const WINDOW_MEASURE = "all-trips:window";

/** How near the pointer a trip's line must pass to be picked, in CSS pixels: one-pixel lines need some slack. */
const LINE_PICK_PX = 4;

const MAP_DESCRIPTIONS: Record<AllTripsView, string> = {
  clusters:
    "Where each trip started, grouped into circles that carry how many trips start there; the status above the map says how many trips are drawn. The places where trips start most often are listed below the map, the trips pages list the same trips as text, and the exports hold them all.",
  density:
    "How often the vehicle starts or ends a trip in each place, as a density: from blue where it seldom does to red at the busiest place on screen, on a log scale. The histogram above the map tells the same trips per day as text.",
  lines:
    "Each trip as a straight line from its start to its end, brighter where many trips run between the same places; a click lists the trips whose lines cross there. The trips pages list the same trips as text, and the exports hold them all.",
};

export interface AllTripsMapProps {
  store: PointStore;
  /** Changes whenever the store has new points. */
  version: number;
  done: boolean;
  styleUrl: string | undefined;
  /** The time window: only trips starting in `[from, to)` are drawn; null draws every trip. */
  bounds: WindowBounds;
  view: AllTripsView;
  onListTrips: ListTrips;
}

/**
 * Every trip's start on one map, clustered with counts, as a density of starts and ends, or as straight lines. The
 * stream's trips go to a worker of ours (gl/cluster-worker.ts), which groups them; each view's layer holds only the
 * groups around the view on screen, kept up by a ClusterFeed, so neither 100,000 trips, their arrival nor a new time
 * window freeze the page. The lines view draws from the store directly (trip-lines-layer.ts).
 */
export function AllTripsMap({ store, version, done, styleUrl, bounds, view, onListTrips }: AllTripsMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const theme = mapThemeOf(useTheme().resolvedTheme);
  const { map, ready, styleVersion } = useBaseMap(containerRef, styleUrl, theme);
  const listRef = useRef(onListTrips);
  const camera = useRef({ userMoved: false, fitted: false });
  /** The cluster worker and the two views' feeds from it; `each` tells both the same thing. */
  const feedRef = useRef<{
    index: ClusterIndex;
    feeds: { clusters: ClusterFeed; density: ClusterFeed };
    each: (act: (feed: ClusterFeed) => void) => void;
  } | null>(null);
  /** The last time window chosen, and when: the switch is timed until the map has drawn it. */
  const switched = useRef<{ bounds: WindowBounds; started: number } | null>(null);
  const [lines] = useState(() => new TripLinesLayer(LINES_LAYER));
  const [marks] = useState(() => new ClusterMarksLayer(CLUSTERS_LAYER, theme));
  const [heat] = useState(() => new DensityLayer(DENSITY_LAYER, theme));

  const storeRef = useRef(store);
  useEffect(() => {
    listRef.current = onListTrips;
    storeRef.current = store;
  }, [onListTrips, store]);

  useEffect(() => {
    if (!map || !ready || map.getLayer(CLUSTERS_LAYER)) return;
    map.addLayer(heat);
    map.addLayer(marks);
    map.addLayer(lines);
    map.setLayoutProperty(DENSITY_LAYER, "visibility", "none");
    map.setLayoutProperty(LINES_LAYER, "visibility", "none");
    lines.setColor(MAP_PALETTES[theme].trip);
    const index = new ClusterIndex();
    // Times a switch of the time window in the view on screen, until the map has drawn it. Each feed's first answer
    // is its view's load, not a switch.
    const timesSwitches = () => {
      let shown: WindowBounds | undefined;
      return (bounds: WindowBounds) => {
        const changed = shown !== undefined && !sameBounds(shown, bounds);
        shown = bounds;
        const timing = switched.current;
        if (!changed || !timing || !sameBounds(timing.bounds, bounds)) return;
        switched.current = null;
        void whenDrawn(map).then(() => measureForTests(WINDOW_MEASURE, timing.started));
      };
    };
    const clusters = new ClusterFeed(
      "starts",
      map,
      (features) => marks.setMarks(marksOf(features)),
      index,
      timesSwitches(),
    );
    const density = new ClusterFeed(
      "density",
      map,
      (features) => heat.setPoints(heatPointsOf(features)),
      index,
      timesSwitches(),
    );
    density.show(false);
    const feeds = { clusters, density };
    const each = (act: (feed: ClusterFeed) => void) => Object.values(feeds).forEach(act);
    feedRef.current = { index, feeds, each };
    // Whether a view's layer is on screen (showView): a hidden view answers no pointer and reports nothing drawn.
    const shown = (layer: string) => map.getLayoutProperty(layer, "visibility") !== "none";
    addClusterInteractions(
      map,
      (point) => (shown(CLUSTERS_LAYER) ? marks.markAt(point) : null),
      clusters.queries(),
      (picked) => listRef.current(picked),
    );
    addLineInteractions(
      map,
      (point) => (shown(LINES_LAYER) ? lines.linesAt(point, LINE_PICK_PX) : []),
      (picked) => listRef.current(picked),
    );
    // Once the person moves the map, it stops jumping to the data's extent.
    map.on("movestart", (event) => {
      if ("originalEvent" in event && event.originalEvent) camera.current.userMoved = true;
    });
    map.on("moveend", () => each((feed) => feed.moved()));
    const hideForTests = exposeAllTripsMap(map, { lines, marks, heat }, () => storeRef.current, shown);
    return () => {
      hideForTests();
      each((feed) => feed.dispose());
      index.dispose();
      feedRef.current = null;
    };
    // The theme at creation is enough: later changes are painted in place below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, ready]);

  useEffect(() => {
    if (!map || !ready || !map.getLayer(CLUSTERS_LAYER)) return;
    heat.setTheme(theme);
    lines.setColor(MAP_PALETTES[theme].trip);
    marks.setTheme(theme);
  }, [map, ready, theme, lines, marks, heat]);

  // The view on screen. A new street style (a themed style URL, on a theme switch) keeps the page's sources and
  // layers (use-base-map.ts) but cannot hold its custom layers: they are added again if it dropped them.
  useEffect(() => {
    const held = feedRef.current;
    if (!map || !ready || !held) return;
    if (!map.getLayer(DENSITY_LAYER)) map.addLayer(heat);
    if (!map.getLayer(CLUSTERS_LAYER)) map.addLayer(marks);
    if (!map.getLayer(LINES_LAYER)) map.addLayer(lines);
    showView(map, view);
    held.feeds.clusters.show(view === "clusters");
    held.feeds.density.show(view === "density");
  }, [map, ready, view, styleVersion, heat, marks, lines]);

  // The stream's new points go to the cluster worker; the first ones decide the first view.
  useEffect(() => {
    const held = feedRef.current;
    if (!map || !ready || !held) return;
    if (held.index.holds() !== store) camera.current.fitted = false;
    held.index.sync(store);
    if (!camera.current.fitted) fitToPoints(map, store, camera.current);
    held.each((feed) => feed.grew(done));
  }, [map, ready, store, version, done]);

  // The time window: the clusters of its trips (the worker keeps every trip's and the last window's).
  useEffect(() => {
    const held = feedRef.current;
    if (!map || !ready || !held) return;
    switched.current = { bounds, started: performance.now() };
    held.each((feed) => feed.want(bounds));
  }, [map, ready, bounds]);

  // The lines view's trips: the window's, rebuilt as the stream brings more (a few milliseconds for 100,000).
  useEffect(() => {
    if (!map || !ready || view !== "lines") return;
    lines.setLines(tripLinesOf(store, bounds));
  }, [map, ready, store, version, bounds, view, lines]);

  const busiest = useBusiestPlaces({
    map,
    ready,
    heldRef: feedRef,
    store,
    version,
    done,
    bounds,
    containerRef,
    cameraRef: camera,
    listRef,
  });

  // The first points decide the first view; the whole set, once in, the final one.
  useEffect(() => {
    if (map && ready && done) fitToPoints(map, store, camera.current);
  }, [map, ready, store, done]);

  return (
    <>
      <MapRegion
        label="Map of all the vehicle's trips"
        description={MAP_DESCRIPTIONS[view]}
        className="relative h-[560px] w-full overflow-hidden rounded-lg border border-border"
        data-testid="all-trips-map"
        data-state={ready ? "ready" : "loading"}
        data-view={view}
      >
        {/* Inline: MapLibre's stylesheet makes its container `position: relative`, which would win over a class. */}
        <div ref={containerRef} style={{ position: "absolute", inset: 0 }} />
        <AllTripsLegend view={view} theme={theme} />
      </MapRegion>
      {busiest ? <BusiestPlaces {...busiest} /> : null}
    </>
  );
}
