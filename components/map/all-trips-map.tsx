"use client";

import type { Feature, FeatureCollection, Point } from "geojson";
import { useTheme } from "next-themes";
import { useEffect, useRef } from "react";
import type { PointStore } from "@/components/trips/point-store";
import { padBounds } from "@/lib/geo/bounds";
import { exposeForTests, measureForTests } from "@/lib/test-hooks";
import { AllTripsGeoJsonBuilder } from "./all-trips-geojson";
import { AllTripsLegend } from "./all-trips-legend";
import { addClusterInteractions, type ListTrips } from "./cluster-interactions";
import {
  ALL_TRIPS_SOURCE,
  type AllTripsView,
  CLUSTER_LAYERS,
  CLUSTER_OPTIONS,
  COUNT_FONT,
  COUNT_FONT_URL,
  DENSITY_SOURCE,
  clusterLayers,
  paintClusterLayers,
  showView,
} from "./cluster-layers";
import { MapRegion } from "./map-region";
import { mapThemeOf } from "./map-theme";
import type { GeoJSONSource, MapLibreMap } from "./maplibre";
import { useBaseMap } from "./use-base-map";

/** At most this many points per update: building and posting them stays within a few frames' time. */
const BATCH = 10_000;

/** Performance measure (under test) from a time window's change until the map has drawn it. */
export const WINDOW_MEASURE = "all-trips:window";

type Bounds = { from: number; to: number } | null;

const EMPTY: FeatureCollection = { type: "FeatureCollection", features: [] };

function fitToPoints(map: MapLibreMap, store: PointStore, state: { userMoved: boolean; fitted: boolean }) {
  const bounds = store.bounds();
  if (!bounds || state.userMoved) return;
  map.fitBounds(padBounds(bounds, 0.05), { padding: 40, duration: 0, maxZoom: 13 });
  state.fitted = true;
}

const sameBounds = (a: Bounds, b: Bounds) => a === b || (a !== null && b !== null && a.from === b.from && a.to === b.to);

export interface AllTripsMapProps {
  store: PointStore;
  /** Changes whenever the store has new points. */
  version: number;
  done: boolean;
  styleUrl: string | undefined;
  /** The time window: only trips starting in `[from, to)` are drawn; null draws every trip. */
  bounds: Bounds;
  view: AllTripsView;
  onListTrips: ListTrips;
}

/**
 * Every trip's start on one map, clustered with counts, or as a density of starts and ends. While the stream runs,
 * only new points are sent to the map's worker (updateData), one update at a time, so neither 100,000 points nor
 * their arrival freeze the page. Once all are in, a new time window or the density view is built in a worker of
 * ours (all-trips-worker.ts) and handed to the map as a file: the main thread never walks the 100,000 trips again.
 */
export function AllTripsMap({ store, version, done, styleUrl, bounds, view, onListTrips }: AllTripsMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const theme = mapThemeOf(useTheme().resolvedTheme);
  const { map, ready, styleVersion } = useBaseMap(containerRef, styleUrl, theme);
  const listRef = useRef(onListTrips);
  const sent = useRef({
    store: null as PointStore | null,
    count: 0,
    bounds: null as Bounds,
    userMoved: false,
    fitted: false,
    sending: false,
    /** The data the map holds came from the worker (a whole window), not from the stream's updates. */
    built: false,
    /** The density source holds this window of this store. */
    density: null as { store: PointStore; bounds: Bounds } | null,
  });
  const builderRef = useRef<AllTripsGeoJsonBuilder | null>(null);

  useEffect(() => {
    listRef.current = onListTrips;
  }, [onListTrips]);

  useEffect(() => {
    const builder = new AllTripsGeoJsonBuilder();
    builderRef.current = builder;
    return () => {
      builder.dispose();
      builderRef.current = null;
    };
  }, []);

  useEffect(() => {
    if (!map || !ready || map.getSource(ALL_TRIPS_SOURCE)) return;
    map.addSource(ALL_TRIPS_SOURCE, { type: "geojson", data: EMPTY, ...CLUSTER_OPTIONS });
    map.addSource(DENSITY_SOURCE, { type: "geojson", data: EMPTY });
    for (const layer of clusterLayers(theme)) map.addLayer(layer);
    addClusterInteractions(map, (picked) => listRef.current(picked));
    // Once the person moves the map, it stops jumping to the data's extent.
    map.on("movestart", (event) => {
      if ("originalEvent" in event && event.originalEvent) sent.current.userMoved = true;
    });
    return exposeForTests("allTripsMap", map);
    // The theme at creation is enough: later changes are painted in place below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, ready]);

  // The counts' font, declared again whenever a new street style replaced the style (it is part of the style).
  useEffect(() => {
    if (!map || !ready) return;
    map.setFontFaces({ ...(map.getFontFaces() ?? {}), [COUNT_FONT]: COUNT_FONT_URL });
  }, [map, ready, styleVersion]);

  useEffect(() => {
    if (map && ready && map.getLayer(CLUSTER_LAYERS.clusters)) paintClusterLayers(map, theme);
  }, [map, ready, theme]);

  useEffect(() => {
    if (map && ready && map.getLayer(CLUSTER_LAYERS.clusters)) showView(map, view);
  }, [map, ready, view]);

  // The stream's points, as they arrive, filtered by the window.
  useEffect(() => {
    const source = map && ready ? map.getSource<GeoJSONSource>(ALL_TRIPS_SOURCE) : undefined;
    if (!map || !source) return;
    const state = sent.current;
    if (state.store !== store || (!done && !sameBounds(state.bounds, bounds))) {
      // A restart, or a new window while the stream still runs: start over with the points in the window.
      state.store = store;
      state.bounds = bounds;
      state.count = 0;
      state.built = false;
      if (state.store !== store) state.fitted = false;
      void source.setData(EMPTY);
    }
    if (state.built) return;
    // One update at a time: MapLibre merges an update sent while the previous one is still in the worker into it,
    // and that merge costs the main thread more the more is waiting. The loop takes whatever arrived meanwhile,
    // so a version that comes while it runs needs no loop of its own.
    const sendPending = async () => {
      if (state.sending) return;
      state.sending = true;
      try {
        while (state.store === store && !state.built && state.count < store.count) {
          const end = Math.min(store.count, state.count + BATCH);
          const window = state.bounds;
          const features: Feature<Point>[] = [];
          for (let i = state.count; i < end; i++) {
            const t = store.startTimes[i] ?? NaN;
            if (window && !(t >= window.from && t < window.to)) continue;
            const lng = store.coordinates[2 * i] ?? 0;
            const lat = store.coordinates[2 * i + 1] ?? 0;
            features.push({ type: "Feature", id: i, properties: { i }, geometry: { type: "Point", coordinates: [lng, lat] } });
          }
          state.count = end;
          if (!state.fitted) fitToPoints(map, store, state);
          await source.updateData({ add: features });
        }
      } finally {
        state.sending = false;
      }
    };
    void sendPending();
  }, [map, ready, store, version, done, bounds]);

  // A new window once every trip is in: rebuilt in the worker, swapped in as a whole.
  useEffect(() => {
    const source = map && ready ? map.getSource<GeoJSONSource>(ALL_TRIPS_SOURCE) : undefined;
    const builder = builderRef.current;
    const state = sent.current;
    if (!map || !source || !builder || !done || state.store !== store || sameBounds(state.bounds, bounds)) return;
    const started = performance.now();
    state.bounds = bounds;
    state.built = true;
    let current = true;
    builder
      .build(store, bounds, false)
      .then(async (built) => {
        if (!current) return URL.revokeObjectURL(built.clusters);
        await source.setData(built.clusters);
        URL.revokeObjectURL(built.clusters);
        map.once("idle", () => measureForTests(WINDOW_MEASURE, started));
        map.triggerRepaint();
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [map, ready, store, done, bounds]);

  // The density view's points (starts and ends), built when it is shown and again for each window.
  useEffect(() => {
    const source = map && ready ? map.getSource<GeoJSONSource>(DENSITY_SOURCE) : undefined;
    const builder = builderRef.current;
    const state = sent.current;
    if (!source || !builder || view !== "density") return;
    if (state.density && state.density.store === store && sameBounds(state.density.bounds, bounds) && done) return;
    state.density = { store, bounds };
    let current = true;
    builder
      .build(store, bounds, true)
      .then(async (built) => {
        URL.revokeObjectURL(built.clusters);
        if (!built.density) return;
        if (current) await source.setData(built.density);
        URL.revokeObjectURL(built.density);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
    // While the stream runs, the density follows it at most once per `done`; `version` would rebuild it per page.
  }, [map, ready, store, done, bounds, view]);

  // The first points decide the first view; the whole set, once in, the final one.
  useEffect(() => {
    if (map && ready && done) fitToPoints(map, store, sent.current);
  }, [map, ready, store, done]);

  return (
    <MapRegion
      label="Map of all the vehicle's trips"
      description={
        view === "clusters"
          ? "Where each trip started, grouped into circles that carry how many trips start there; the status above the map says how many trips are drawn. The trips pages list the same trips as text, and the exports hold them all."
          : "How often the vehicle starts or ends a trip in each place, as a density: the brightest places are the most frequent. The histogram above the map tells the same trips per day as text."
      }
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
