"use client";

import type { Feature, Point } from "geojson";
import { useTheme } from "next-themes";
import { useEffect, useRef } from "react";
import type { PointStore } from "@/components/trips/point-store";
import { padBounds } from "@/lib/geo/bounds";
import { exposeForTests } from "@/lib/test-hooks";
import { addClusterInteractions } from "./cluster-interactions";
import { ALL_TRIPS_SOURCE, CLUSTER_LAYERS, CLUSTER_OPTIONS, clusterLayers, paintClusterLayers } from "./cluster-layers";
import { MapRegion } from "./map-region";
import { mapThemeOf } from "./map-theme";
import type { GeoJSONSource, MapLibreMap } from "./maplibre";
import { useBaseMap } from "./use-base-map";

/** At most this many points per update: building and posting them stays within a few frames' time. */
const BATCH = 10_000;

function fitToPoints(map: MapLibreMap, store: PointStore, state: { userMoved: boolean; fitted: boolean }) {
  const bounds = store.bounds();
  if (!bounds || state.userMoved) return;
  map.fitBounds(padBounds(bounds, 0.05), { padding: 40, duration: 0, maxZoom: 13 });
  state.fitted = true;
}

export interface AllTripsMapProps {
  store: PointStore;
  /** Changes whenever the store has new points. */
  version: number;
  done: boolean;
  styleUrl: string | undefined;
}

/**
 * Every trip's start on one map, clustered, fed as the stream arrives: only new points are sent to the map's worker
 * (updateData), one update at a time, so neither 100,000 points nor their arrival freeze the page.
 */
export function AllTripsMap({ store, version, done, styleUrl }: AllTripsMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const theme = mapThemeOf(useTheme().resolvedTheme);
  const { map, ready } = useBaseMap(containerRef, styleUrl, theme);
  const sent = useRef<{ store: PointStore | null; count: number; userMoved: boolean; fitted: boolean; sending: boolean }>({
    store: null,
    count: 0,
    userMoved: false,
    fitted: false,
    sending: false,
  });

  useEffect(() => {
    if (!map || !ready || map.getSource(ALL_TRIPS_SOURCE)) return;
    map.addSource(ALL_TRIPS_SOURCE, { type: "geojson", data: { type: "FeatureCollection", features: [] }, ...CLUSTER_OPTIONS });
    for (const layer of clusterLayers(theme)) map.addLayer(layer);
    addClusterInteractions(map);
    // Once the person moves the map, it stops jumping to the data's extent.
    map.on("movestart", (event) => {
      if ("originalEvent" in event && event.originalEvent) sent.current.userMoved = true;
    });
    return exposeForTests("allTripsMap", map);
    // The theme at creation is enough: later changes are painted in place below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, ready]);

  useEffect(() => {
    if (map && ready && map.getLayer(CLUSTER_LAYERS.clusters)) paintClusterLayers(map, theme);
  }, [map, ready, theme]);

  useEffect(() => {
    const source = map && ready ? map.getSource<GeoJSONSource>(ALL_TRIPS_SOURCE) : undefined;
    if (!map || !source) return;
    const state = sent.current;
    if (state.store !== store) {
      // A restart: start over with the new run's points.
      state.store = store;
      state.count = 0;
      state.fitted = false;
      void source.setData({ type: "FeatureCollection", features: [] });
    }
    // One update at a time: MapLibre merges an update sent while the previous one is still in the worker into it,
    // and that merge costs the main thread more the more is waiting. The loop takes whatever arrived meanwhile,
    // so a version that comes while it runs needs no loop of its own.
    const sendPending = async () => {
      if (state.sending) return;
      state.sending = true;
      try {
        while (state.store === store && state.count < store.count) {
          const end = Math.min(store.count, state.count + BATCH);
          const features: Feature<Point>[] = [];
          for (let i = state.count; i < end; i++) {
            const lng = store.coordinates[2 * i] ?? 0;
            const lat = store.coordinates[2 * i + 1] ?? 0;
            features.push({ type: "Feature", id: i, properties: {}, geometry: { type: "Point", coordinates: [lng, lat] } });
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
  }, [map, ready, store, version]);

  // The first points decide the first view; the whole set, once in, the final one.
  useEffect(() => {
    if (map && ready && done) fitToPoints(map, store, sent.current);
  }, [map, ready, store, done]);

  return (
    <MapRegion
      label="Map of all the vehicle's trips"
      description="Where each trip started, grouped into circles sized by how many trips start there; the status above the map says how many trips are loaded. The trips pages list the same trips as text, and the exports hold them all."
      className="relative h-[560px] w-full overflow-hidden rounded-lg border border-border"
      data-testid="all-trips-map"
      data-state={ready ? "ready" : "loading"}
    >
      {/* Inline: MapLibre's stylesheet makes its container `position: relative`, which would win over a class. */}
      <div ref={containerRef} style={{ position: "absolute", inset: 0 }} />
    </MapRegion>
  );
}
