"use client";

import type { Feature, FeatureCollection, Point } from "geojson";
import { useTheme } from "next-themes";
import { useEffect, useRef, useState } from "react";
import type { PointStore } from "@/components/trips/point-store";
import { padBounds } from "@/lib/geo/bounds";
import { exposeForTests, measureForTests } from "@/lib/test-hooks";
import { AllTripsGeoJsonBuilder } from "./all-trips-geojson";
import { AllTripsLegend } from "./all-trips-legend";
import { addClusterInteractions, type ListTrips } from "./cluster-interactions";
import type { AllTripsView } from "./all-trips-views";
import {
  ALL_TRIPS_SOURCE,
  CLUSTER_LAYERS,
  CLUSTER_OPTIONS,
  COUNT_FONT,
  COUNT_FONT_URL,
  DENSITY_SOURCE,
  LINES_LAYER,
  WINDOW_SOURCE,
  bindClusterLayers,
  clusterLayers,
  paintClusterLayers,
  showView,
} from "./cluster-layers";
import { MapRegion } from "./map-region";
import { MAP_PALETTES, mapThemeOf } from "./map-theme";
import type { GeoJSONSource, MapLibreMap } from "./maplibre";
import { TripLinesLayer } from "./trip-lines-layer";
import { tripLinesOf } from "./trip-lines";
import { useBaseMap } from "./use-base-map";
import { whenDrawn } from "./when-drawn";

/** At most this many points per update: building and posting them stays within a few frames' time. */
const BATCH = 25_000;

/** Performance measure (under test) from a time window's change until the map has drawn it. */
export const WINDOW_MEASURE = "all-trips:window";

/** Performance measure (under test) from handing trips to the lines view until the map has drawn them. */
export const LINES_MEASURE = "all-trips:lines";

type Bounds = { from: number; to: number } | null;

const EMPTY: FeatureCollection = { type: "FeatureCollection", features: [] };

function fitToPoints(map: MapLibreMap, store: PointStore, view: { userMoved: boolean; fitted: boolean }) {
  const bounds = store.bounds();
  if (!bounds || view.userMoved) return;
  map.fitBounds(padBounds(bounds, 0.05), { padding: 40, duration: 0, maxZoom: 13 });
  view.fitted = true;
}

const sameBounds = (a: Bounds, b: Bounds) => a === b || (a !== null && b !== null && a.from === b.from && a.to === b.to);

/** What one source holds: the store's points up to `count` that fall in `bounds` (null: all of them). */
interface Feed {
  store: PointStore | null;
  bounds: Bounds;
  count: number;
  /** An update is on its way to the map's worker. */
  sending: boolean;
  /** Built whole in our worker once every trip was in, rather than fed by the stream. */
  built: boolean;
}

const newFeed = (): Feed => ({ store: null, bounds: null, count: 0, sending: false, built: false });

/** Points the source at `store` and `bounds` afresh: it is emptied and fed again from the start. */
function restartFeed(feed: Feed, source: GeoJSONSource, store: PointStore, bounds: Bounds): void {
  Object.assign(feed, { store, bounds, count: 0, built: false });
  void source.setData(EMPTY);
}

/**
 * Sends the store's new points (those in the feed's window) to the source, BATCH at a time and one update at a time:
 * MapLibre merges an update sent while the previous one is still in the worker into it, and that merge costs the main
 * thread more the more is waiting. The loop takes whatever arrived meanwhile, so a version that comes while it runs
 * needs no loop of its own.
 */
async function feedNewPoints(source: GeoJSONSource, store: PointStore, feed: Feed, afterBatch: () => void): Promise<void> {
  if (feed.sending) return;
  feed.sending = true;
  try {
    while (feed.store === store && !feed.built && feed.count < store.count) {
      const end = Math.min(store.count, feed.count + BATCH);
      const window = feed.bounds;
      const features: Feature<Point>[] = [];
      for (let i = feed.count; i < end; i++) {
        const t = store.startTimes[i] ?? NaN;
        if (window && !(t >= window.from && t < window.to)) continue;
        const lng = store.coordinates[2 * i] ?? 0;
        const lat = store.coordinates[2 * i + 1] ?? 0;
        features.push({ type: "Feature", id: i, properties: { i }, geometry: { type: "Point", coordinates: [lng, lat] } });
      }
      feed.count = end;
      afterBatch();
      await source.updateData({ add: features });
    }
  } finally {
    feed.sending = false;
  }
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
  bounds: Bounds;
  view: AllTripsView;
  onListTrips: ListTrips;
}

/**
 * Every trip's start on one map, clustered with counts, as a density of starts and ends, or as straight lines (drawn
 * from the store by trip-lines-layer.ts). Two sources hold the
 * trips: every one of them, fed by the stream as it runs (only new points are sent to the map's worker, one update
 * at a time, so neither 100,000 points nor their arrival freeze the page), and the time window's. A window chosen
 * once every trip is in is built in a worker of ours (all-trips-worker.ts) and handed to the map as a file, so the
 * main thread never walks the 100,000 trips again; going back to every trip only points the layers back at the
 * first source, whose clusters the map's worker still holds.
 */
export function AllTripsMap({ store, version, done, styleUrl, bounds, view, onListTrips }: AllTripsMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const theme = mapThemeOf(useTheme().resolvedTheme);
  const { map, ready, styleVersion } = useBaseMap(containerRef, styleUrl, theme);
  const listRef = useRef(onListTrips);
  const themeRef = useRef(theme);
  const camera = useRef({ userMoved: false, fitted: false });
  const feeds = useRef({ all: newFeed(), window: newFeed() });
  /** The window the person wants now: a build that finishes for another one is dropped. */
  const wanted = useRef<Bounds>(bounds);
  /** The window the layers show, to time a switch until it is drawn. */
  const shown = useRef<Bounds>(null);
  /** The density source holds this window of this store. */
  const density = useRef<{ store: PointStore; bounds: Bounds } | null>(null);
  const builderRef = useRef<AllTripsGeoJsonBuilder | null>(null);
  const [lines] = useState(() => new TripLinesLayer(LINES_LAYER));

  const storeRef = useRef(store);
  useEffect(() => {
    listRef.current = onListTrips;
    themeRef.current = theme;
    storeRef.current = store;
  }, [onListTrips, theme, store]);

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
    map.addSource(WINDOW_SOURCE, { type: "geojson", data: EMPTY, ...CLUSTER_OPTIONS });
    map.addSource(DENSITY_SOURCE, { type: "geojson", data: EMPTY });
    for (const layer of clusterLayers(theme)) map.addLayer(layer);
    map.addLayer(lines, CLUSTER_LAYERS.clusters);
    map.setLayoutProperty(LINES_LAYER, "visibility", "none");
    lines.setColor(MAP_PALETTES[theme].trip);
    addClusterInteractions(map, (picked) => listRef.current(picked));
    // Once the person moves the map, it stops jumping to the data's extent.
    map.on("movestart", (event) => {
      if ("originalEvent" in event && event.originalEvent) camera.current.userMoved = true;
    });
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
    if (map && ready && map.getLayer(CLUSTER_LAYERS.clusters)) showView(map, view);
  }, [map, ready, view]);

  // Every trip, as the stream brings them.
  useEffect(() => {
    const source = map && ready ? map.getSource<GeoJSONSource>(ALL_TRIPS_SOURCE) : undefined;
    if (!map || !source) return;
    const feed = feeds.current.all;
    if (feed.store !== store) {
      camera.current.fitted = false;
      restartFeed(feed, source, store, null);
    }
    void feedNewPoints(source, store, feed, () => {
      if (!camera.current.fitted) fitToPoints(map, store, camera.current);
    });
  }, [map, ready, store, version]);

  // The time window's trips: fed by the stream while it runs, built whole once it is done; none for every trip.
  useEffect(() => {
    const source = map && ready ? map.getSource<GeoJSONSource>(WINDOW_SOURCE) : undefined;
    const builder = builderRef.current;
    if (!map || !source || !builder) return;
    wanted.current = bounds;
    const started = performance.now();
    const drawn = () => {
      const switched = !sameBounds(shown.current, bounds);
      shown.current = bounds;
      if (!switched) return;
      void whenDrawn(map).then(() => measureForTests(WINDOW_MEASURE, started));
    };
    if (bounds === null) {
      bindClusterLayers(map, themeRef.current, ALL_TRIPS_SOURCE);
      return drawn();
    }
    const feed = feeds.current.window;
    const holds = feed.store === store && sameBounds(feed.bounds, bounds);
    if (holds || !done) {
      if (!holds) restartFeed(feed, source, store, bounds);
      bindClusterLayers(map, themeRef.current, WINDOW_SOURCE);
      drawn();
      void feedNewPoints(source, store, feed, () => undefined);
      return;
    }
    Object.assign(feed, { store, bounds, count: store.count, built: true });
    builder
      .build(store, bounds, false)
      .then(async (built) => {
        if (!sameBounds(wanted.current, bounds)) return URL.revokeObjectURL(built.clusters);
        await source.setData(built.clusters);
        URL.revokeObjectURL(built.clusters);
        if (!sameBounds(wanted.current, bounds)) return;
        bindClusterLayers(map, themeRef.current, WINDOW_SOURCE);
        drawn();
      })
      .catch(() => undefined);
  }, [map, ready, store, version, done, bounds]);

  // The density view's points (starts and ends), built when it is shown and again for each window.
  useEffect(() => {
    const source = map && ready ? map.getSource<GeoJSONSource>(DENSITY_SOURCE) : undefined;
    const builder = builderRef.current;
    if (!source || !builder || view !== "density") return;
    const held = density.current;
    if (held && held.store === store && sameBounds(held.bounds, bounds) && done) return;
    density.current = { store, bounds };
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
