"use client";

import { useTheme } from "next-themes";
import { useEffect, useRef, useState } from "react";
import type { Trip } from "@/lib/models";
import { exposeForTests } from "@/lib/test-hooks";
import { drawTrips } from "./draw-trips";
import { MapLegend } from "./map-legend";
import { MapRegion } from "./map-region";
import { mapThemeOf } from "./map-theme";
import { type GeoJSONSource, type MapMouseEvent, Popup } from "./maplibre";
import { popupAnchor, popupContent } from "./trip-popup";
import { TRIPS_SOURCE, TRIP_LAYERS, TRIP_LAYER_IDS, paintTripLayers, tripLayers } from "./trip-layers";
import { useBaseMap } from "./use-base-map";

export interface TripsMapProps {
  trips: readonly Trip[];
  selectedId: string | null;
  hoveredId: string | null;
  onSelect: (id: string | null) => void;
  onHover: (id: string | null) => void;
  styleUrl: string | undefined;
}

interface DrawnState {
  count: number;
  firstId: string;
}

/** The page's trips as lines with start and end markers; hover, select and a popup with the trip's times. */
export function TripsMap({ trips, selectedId, hoveredId, onSelect, onHover, styleUrl }: TripsMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const theme = mapThemeOf(useTheme().resolvedTheme);
  const { map, ready, styleVersion, error } = useBaseMap(containerRef, styleUrl, theme);
  const [drawn, setDrawn] = useState<DrawnState | null>(null);
  const callbacks = useRef({ onSelect, onHover });
  useEffect(() => {
    callbacks.current = { onSelect, onHover };
  }, [onSelect, onHover]);

  // The trips source and layers, once per map, with their pointer handlers.
  useEffect(() => {
    if (!map || !ready || map.getSource(TRIPS_SOURCE)) return;
    map.addSource(TRIPS_SOURCE, { type: "geojson", data: { type: "FeatureCollection", features: [] } });
    for (const layer of tripLayers(theme)) map.addLayer(layer);
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
    const hideBench = exposeForTests("tripsMapBench", { draw: (benchTrips: readonly Trip[]) => drawTrips(map, benchTrips) });
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
    drawTrips(map, trips)
      .then(() => {
        if (current) setDrawn({ count: trips.length, firstId: trips[0]?.id ?? "" });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [map, ready, trips]);

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
      for (const index of marked) map.setFeatureState({ source: TRIPS_SOURCE, id: index }, { selected: false, hover: false });
    };
  }, [map, ready, trips, selectedId, hoveredId, styleVersion]);

  useEffect(() => {
    const trip = selectedId === null ? undefined : trips.find((candidate) => candidate.id === selectedId);
    const anchor = trip ? popupAnchor(trip) : null;
    if (!map || !ready || !trip || !anchor) return;
    let closingFromHere = false;
    const popup = new Popup({ closeOnClick: false, offset: 12, maxWidth: "260px" }).setLngLat(anchor).setDOMContent(popupContent(trip)).addTo(map);
    popup.on("close", () => {
      if (!closingFromHere) callbacks.current.onSelect(null);
    });
    return () => {
      closingFromHere = true;
      popup.remove();
    };
  }, [map, ready, trips, selectedId]);

  return (
    <MapRegion
      label="Map of this page's trips"
      description="Each trip is drawn as a line from its start (green) to its end (red). The list of trips beside the map holds the same trips as text; selecting a trip there highlights it here, and says which trip is selected."
      className="relative h-full min-h-[420px] w-full overflow-hidden rounded-lg border border-border"
      data-testid="trips-map"
      data-state={ready ? "ready" : "loading"}
      data-theme={theme}
      data-drawn-count={drawn?.count}
      data-drawn-first={drawn?.firstId}
      data-selected-trip={selectedId ?? ""}
    >
      {/* Inline: MapLibre's stylesheet makes its container `position: relative`, which would win over a class. */}
      <div ref={containerRef} style={{ position: "absolute", inset: 0 }} />
      <MapLegend />
      {error ? (
        <p role="status" className="absolute top-2 left-2 rounded bg-card/90 px-2 py-1 text-xs text-warning">
          {error}
        </p>
      ) : null}
    </MapRegion>
  );
}
