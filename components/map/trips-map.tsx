"use client";

import { useTheme } from "next-themes";
import { useEffect, useRef, useState } from "react";
import { useTimeFormat } from "@/lib/hooks/use-time-zone";
import { prefersReducedMotion } from "@/lib/motion";
import type { Trip, TripPath, TripPathResult } from "@/lib/models";
import { exposeForTests } from "@/lib/test-hooks";
import { drawTrips } from "./draw-trips";
import { MapLegend } from "./map-legend";
import { MapProblem } from "./map-problem";
import { MapRegion } from "./map-region";
import { mapThemeOf } from "./map-theme";
import { type GeoJSONSource, type MapMouseEvent, Popup } from "./maplibre";
import { popupAnchor, popupContent } from "./trip-popup";
import {
  EMPTY_COLLECTION,
  REPLAY_SOURCE,
  type RouteEvent,
  SELECTED_SOURCE,
  replayFeature,
  selectedTripFeatures,
  selectedTripLayers,
} from "./selected-trip-layers";
import { TRIPS_SOURCE, TRIP_LAYERS, TRIP_LAYER_IDS, fadeTripLayers, paintTripLayers, tripLayers } from "./trip-layers";
import { useBaseMap } from "./use-base-map";

export interface TripsMapProps {
  trips: readonly Trip[];
  selectedId: string | null;
  hoveredId: string | null;
  onSelect: (id: string | null) => void;
  onHover: (id: string | null) => void;
  styleUrl: string | undefined;
  /** The routes known so far, by trip id; trips without one are drawn straight (dashed). */
  paths?: ReadonlyMap<string, TripPathResult>;
  /** Whether routes are still arriving (the straight lines until then are placeholders, not fallbacks). */
  pathsLoading?: boolean;
  /** The selected trip's route, drawn coloured by speed over the others; null while unknown or drawn straight. */
  selectedPath?: TripPath | null;
  /** The selected trip's driving events, placed on its route. */
  selectedEvents?: readonly RouteEvent[];
  /** Where the replay marker stands; null for none. */
  replayLngLat?: [number, number] | null;
}

interface DrawnState {
  count: number;
  firstId: string;
  routes: number;
}

const NO_PATHS: ReadonlyMap<string, TripPathResult> = new Map();
const NO_EVENTS: readonly RouteEvent[] = [];

/** The page's trips as lines with start and end markers; hover, select and a popup with the trip's times. */
export function TripsMap({
  trips,
  selectedId,
  hoveredId,
  onSelect,
  onHover,
  styleUrl,
  paths = NO_PATHS,
  pathsLoading = false,
  selectedPath = null,
  selectedEvents = NO_EVENTS,
  replayLngLat = null,
}: TripsMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const theme = mapThemeOf(useTheme().resolvedTheme);
  const { format: formatTime } = useTimeFormat();
  const { map, ready, styleVersion, error } = useBaseMap(containerRef, styleUrl, theme);
  const [drawn, setDrawn] = useState<DrawnState | null>(null);
  // The trips the map was last fitted to: routes arriving for them redraw without moving the map.
  const fittedTo = useRef<readonly Trip[] | null>(null);
  const callbacks = useRef({ onSelect, onHover });
  useEffect(() => {
    callbacks.current = { onSelect, onHover };
  }, [onSelect, onHover]);

  // The trips source and layers, once per map, with their pointer handlers.
  useEffect(() => {
    if (!map || !ready || map.getSource(TRIPS_SOURCE)) return;
    map.addSource(TRIPS_SOURCE, { type: "geojson", data: { type: "FeatureCollection", features: [] } });
    for (const layer of tripLayers(theme)) map.addLayer(layer);
    map.addSource(SELECTED_SOURCE, { type: "geojson", data: EMPTY_COLLECTION });
    map.addSource(REPLAY_SOURCE, { type: "geojson", data: EMPTY_COLLECTION });
    for (const layer of selectedTripLayers(theme)) map.addLayer(layer);
    // One handler for all three layers: the trip drawn on top under the pointer wins, as the eye sees it.
    const tripIdAt = (event: MapMouseEvent) => {
      const id: unknown = map.queryRenderedFeatures(event.point, { layers: TRIP_LAYER_IDS })[0]?.properties.tripId;
      return typeof id === "string" ? id : null;
    };
    let hovered: string | null = null;
    map.on("click", (event) => {
      const id = tripIdAt(event);
      if (id !== null) callbacks.current.onSelect(id);
    });
    map.on("mousemove", (event) => {
      const id = tripIdAt(event);
      if (id === hovered) return;
      hovered = id;
      map.getCanvas().style.cursor = id === null ? "" : "pointer";
      callbacks.current.onHover(id);
    });
    map.on("mouseout", () => {
      hovered = null;
      callbacks.current.onHover(null);
    });
    // The browser tests query the map's rendered features; the benchmark draws any trips through the same path.
    const hideMap = exposeForTests("tripsMap", map);
    const hideBench = exposeForTests("tripsMapBench", {
      // Paths as a list: a Map does not cross from the test runner into the page.
      draw: (benchTrips: readonly Trip[], benchPaths: readonly TripPathResult[] = []) =>
        drawTrips(map, benchTrips, { paths: new Map(benchPaths.map((path) => [path.tripId, path])) }),
    });
    return () => {
      hideMap();
      hideBench();
    };
    // The theme at creation is enough: later changes are painted in place below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, ready]);

  useEffect(() => {
    if (!map || !ready || !map.getLayer(TRIP_LAYERS.lines)) return;
    paintTripLayers(map, theme);
  }, [map, ready, theme]);

  useEffect(() => {
    if (!map || !ready || !map.getSource<GeoJSONSource>(TRIPS_SOURCE)) return;
    let current = true;
    const fit = fittedTo.current !== trips;
    fittedTo.current = trips;
    const routes = trips.filter((trip) => paths.get(trip.id)?.kind === "route").length;
    drawTrips(map, trips, { paths, fit })
      .then(() => {
        if (current) setDrawn({ count: trips.length, firstId: trips[0]?.id ?? "", routes });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [map, ready, trips, paths]);

  // Highlight by feature-state on the trip's index (line, start and end share it).
  useEffect(() => {
    if (!map || !ready || !map.getSource(TRIPS_SOURCE)) return;
    const marked: number[] = [];
    const mark = (id: string | null, key: "selected" | "hover") => {
      const index = id === null ? -1 : trips.findIndex((trip) => trip.id === id);
      if (index < 0) return;
      map.setFeatureState({ source: TRIPS_SOURCE, id: index }, { [key]: true });
      marked.push(index);
    };
    mark(selectedId, "selected");
    mark(hoveredId, "hover");
    return () => {
      if (!map.getSource(TRIPS_SOURCE)) return;
      for (const index of marked)
        map.setFeatureState({ source: TRIPS_SOURCE, id: index }, { selected: false, hover: false });
    };
  }, [map, ready, trips, selectedId, hoveredId, styleVersion]);

  // The selected trip's route by speed, the others faded, and the map zoomed to it (at once under reduced motion).
  useEffect(() => {
    if (!map || !ready || !map.getSource(SELECTED_SOURCE)) return;
    const source = map.getSource<GeoJSONSource>(SELECTED_SOURCE);
    void source?.setData(selectedPath ? selectedTripFeatures(selectedPath, selectedEvents) : EMPTY_COLLECTION);
    fadeTripLayers(map, selectedId !== null);
    const trip = selectedId === null ? undefined : trips.find((candidate) => candidate.id === selectedId);
    const points =
      selectedPath?.coordinates ??
      (trip ? [trip.start.location, trip.end.location].flatMap((p) => (p ? [[p.longitude, p.latitude]] : [])) : []);
    if (points.length === 0) return;
    const lngs = points.map((point) => point[0] ?? 0);
    const lats = points.map((point) => point[1] ?? 0);
    map.fitBounds([Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)], {
      padding: 64,
      maxZoom: 16,
      duration: prefersReducedMotion() ? 0 : 400,
    });
  }, [map, ready, trips, selectedId, selectedPath, selectedEvents, styleVersion]);

  useEffect(() => {
    if (!map || !ready) return;
    void map.getSource<GeoJSONSource>(REPLAY_SOURCE)?.setData(replayFeature(replayLngLat));
  }, [map, ready, replayLngLat]);

  useEffect(() => {
    const trip = selectedId === null ? undefined : trips.find((candidate) => candidate.id === selectedId);
    const anchor = trip ? popupAnchor(trip) : null;
    if (!map || !ready || !trip || !anchor) return;
    let closingFromHere = false;
    const popup = new Popup({ closeOnClick: false, offset: 12, maxWidth: "260px" })
      .setLngLat(anchor)
      .setDOMContent(popupContent(trip, formatTime))
      .addTo(map);
    popup.on("close", () => {
      if (!closingFromHere) callbacks.current.onSelect(null);
    });
    return () => {
      closingFromHere = true;
      popup.remove();
    };
  }, [map, ready, trips, selectedId, formatTime]);

  return (
    <MapRegion
      label="Map of this page's trips"
      description="Each trip is drawn along the road it took, from its start (green) to its end (red); a trip whose route is not known is a dashed straight line. The list of trips beside the map holds the same trips as text; selecting a trip there highlights it here, and says which trip is selected."
      className="relative h-full min-h-[420px] w-full overflow-hidden rounded-lg border border-border"
      data-testid="trips-map"
      data-state={ready ? "ready" : "loading"}
      data-theme={theme}
      data-drawn-count={drawn?.count}
      data-drawn-first={drawn?.firstId}
      data-drawn-routes={drawn?.routes}
      data-selected-route-points={selectedPath?.coordinates.length ?? 0}
      data-selected-events={selectedPath ? selectedEvents.length : 0}
      data-replay-position={replayLngLat ? replayLngLat.map((value) => value.toFixed(6)).join(",") : ""}
      data-selected-trip={selectedId ?? ""}
    >
      {/* Inline: MapLibre's stylesheet makes its container `position: relative`, which would win over a class. */}
      <div ref={containerRef} style={{ position: "absolute", inset: 0 }} />
      <MapLegend
        straight={trips.some(
          (trip) => paths.get(trip.id)?.kind === "straight" || (!pathsLoading && !paths.has(trip.id)),
        )}
        loading={pathsLoading}
        speedScale={selectedPath !== null}
      />
      <MapProblem message={error} />
    </MapRegion>
  );
}
