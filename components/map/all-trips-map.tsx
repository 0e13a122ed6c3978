"use client";

import type { FeatureCollection } from "geojson";
import { useTheme } from "next-themes";
import { useEffect, useRef, useState } from "react";
import type { PointStore } from "@/components/trips/point-store";
import { type WindowBounds, sameBounds } from "@/components/trips/time-window";
import { padBounds } from "@/lib/geo/bounds";
import { exposeForTests, measureForTests } from "@/lib/test-hooks";
import { AllTripsLegend } from "./all-trips-legend";
import { addClusterInteractions, type ListTrips } from "./cluster-interactions";
import type { AllTripsView } from "./all-trips-views";
import { ClusterFeed } from "./cluster-feed";
import { ClusterIndex } from "./cluster-index";
import { CLUSTERS_SOURCE, CLUSTER_LAYERS, COUNT_FONT, COUNT_FONT_URL, DENSITY_SOURCE, LINES_LAYER, clusterLayers, paintClusterLayers, showView } from "./cluster-layers";
import { MapRegion } from "./map-region";
import { MAP_PALETTES, mapThemeOf } from "./map-theme";
import type { GeoJSONSource, MapLibreMap } from "./maplibre";
import { TripLinesLayer } from "./trip-lines-layer";
import { tripLinesOf } from "./trip-lines";
import { useBaseMap } from "./use-base-map";
import { whenDrawn } from "./when-drawn";

/** Performance measure (under test) from a time window's change until the map has drawn it. */
export const WINDOW_MEASURE = "all-trips:window";

/** Performance measure (under test) from handing trips to the lines view until the map has drawn them. */
export const LINES_MEASURE = "all-trips:lines";

const EMPTY: FeatureCollection = { type: "FeatureCollection", features: [] };

function fitToPoints(map: MapLibreMap, store: PointStore, view: { userMoved: boolean; fitted: boolean }) {
  const bounds = store.bounds();
  if (!bounds || view.userMoved) return;
  map.fitBounds(padBounds(bounds, 0.05), { padding: 40, duration: 0, maxZoom: 13 });
  view.fitted = true;
}

const MAP_DESCRIPTIONS: Record<AllTripsView, string> = {
  clusters:
    "Where each trip started, grouped into circles that carry how many trips start there; the status above the map says how many trips are drawn. The trips pages list the same trips as text, and the exports hold them all.",
  density:
    "How often the vehicle starts or ends a trip in each place, as a density: the brightest places are the most frequent. The histogram above the map tells the same trips per day as text.",
  lines:
    "Each trip as a straight line from its start to its end, brighter where many trips run between the same places. The trips pages list the same trips as text, and the exports hold them all.",
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
 * stream's trips go to a worker of ours (cluster-worker.ts), which groups them; each view's source holds only the
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
  const feedRef = useRef<{ index: ClusterIndex; feeds: { clusters: ClusterFeed; density: ClusterFeed }; each: (act: (feed: ClusterFeed) => void) => void } | null>(null);
  /** The last time window chosen, and when: the switch is timed until the map has drawn it. */
  const switched = useRef<{ bounds: WindowBounds; started: number } | null>(null);
  const [lines] = useState(() => new TripLinesLayer(LINES_LAYER));

  const storeRef = useRef(store);
  useEffect(() => {
    listRef.current = onListTrips;
    storeRef.current = store;
  }, [onListTrips, store]);

  useEffect(() => {
    if (!map || !ready || map.getSource(CLUSTERS_SOURCE)) return;
    map.addSource(CLUSTERS_SOURCE, { type: "geojson", data: EMPTY });
    map.addSource(DENSITY_SOURCE, { type: "geojson", data: EMPTY });
    for (const layer of clusterLayers(theme)) map.addLayer(layer);
    map.addLayer(lines, CLUSTER_LAYERS.clusters);
    map.setLayoutProperty(LINES_LAYER, "visibility", "none");
    lines.setColor(MAP_PALETTES[theme].trip);
    const clustersSource = map.getSource<GeoJSONSource>(CLUSTERS_SOURCE);
    const densitySource = map.getSource<GeoJSONSource>(DENSITY_SOURCE);
    if (!clustersSource || !densitySource) return;
    const index = new ClusterIndex();
    let shown: WindowBounds | undefined;
    const clusters = new ClusterFeed("starts", map, clustersSource, index, (bounds) => {
      // The first answer is the page's load, not a switch.
      const changed = shown !== undefined && !sameBounds(shown, bounds);
      shown = bounds;
      const timing = switched.current;
      if (!changed || !timing || !sameBounds(timing.bounds, bounds)) return;
      switched.current = null;
      void whenDrawn(map).then(() => measureForTests(WINDOW_MEASURE, timing.started));
    });
    const density = new ClusterFeed("density", map, densitySource, index, () => undefined);
    density.show(false);
    const feeds = { clusters, density };
    const each = (act: (feed: ClusterFeed) => void) => Object.values(feeds).forEach(act);
    feedRef.current = { index, feeds, each };
    addClusterInteractions(map, clusters.queries(), (picked) => listRef.current(picked));
    // Once the person moves the map, it stops jumping to the data's extent.
    map.on("movestart", (event) => {
      if ("originalEvent" in event && event.originalEvent) camera.current.userMoved = true;
    });
    map.on("moveend", () => each((feed) => feed.moved()));
    const hideMap = exposeForTests("allTripsMap", map);
    // The bench draws the first `count` trips of the store through the lines view's own path, and the tests read
    // how many lines the last frame drew (a custom layer is invisible to queryRenderedFeatures).
    const hideBench = exposeForTests("allTripsMapBench", {
      drawLines: async (count: number) => {
        const started = performance.now();
        lines.setLines(tripLinesOf(storeRef.current, null, count));
        await whenDrawn(map);
        measureForTests(LINES_MEASURE, started);
        return performance.now() - started;
      },
      linesDrawn: () => lines.drawn,
    });
    return () => {
      hideMap();
      hideBench();
      each((feed) => feed.dispose());
      index.dispose();
      feedRef.current = null;
    };
    // The theme at creation is enough: later changes are painted in place below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, ready]);

  // The counts' font, declared again whenever a new street style replaced the style (it is part of the style).
  useEffect(() => {
    if (!map || !ready) return;
    map.setFontFaces({ ...(map.getFontFaces() ?? {}), [COUNT_FONT]: COUNT_FONT_URL });
  }, [map, ready, styleVersion]);

  useEffect(() => {
    if (!map || !ready || !map.getLayer(CLUSTER_LAYERS.clusters)) return;
    paintClusterLayers(map, theme);
    lines.setColor(MAP_PALETTES[theme].trip);
  }, [map, ready, theme, lines]);

  useEffect(() => {
    const held = feedRef.current;
    if (!map || !ready || !held) return;
    showView(map, view);
    held.feeds.clusters.show(view === "clusters");
    held.feeds.density.show(view === "density");
  }, [map, ready, view]);

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

  // The first points decide the first view; the whole set, once in, the final one.
  useEffect(() => {
    if (map && ready && done) fitToPoints(map, store, camera.current);
  }, [map, ready, store, done]);

  return (
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
  );
}
