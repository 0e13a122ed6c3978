"use client";

import { useTheme } from "next-themes";
import { useEffect, useRef, useState } from "react";
import type { LatLng } from "@/lib/models";
import { showAreas } from "./area-layers";
import { MapProblem } from "./map-problem";
import { MapRegion } from "./map-region";
import { mapThemeOf } from "./map-theme";
import { OVERLAY_PREFIX, useBaseMap } from "./use-base-map";
import { whenDrawn } from "./when-drawn";

const SOURCE = `${OVERLAY_PREFIX}location`;
/**
 * The approximate location is the centre of an H3 resolution-6 cell (about 36 km², edges of about 3.7 km): a circle
 * of that radius says "somewhere here" without pretending to a point.
 */
const APPROXIMATE_RADIUS_KM = 3.7;

function circle(center: LatLng, radiusKm: number, steps = 64): [number, number][] {
  const latRadius = radiusKm / 110.574;
  const lngRadius = radiusKm / (111.32 * Math.cos((center.latitude * Math.PI) / 180));
  return Array.from({ length: steps + 1 }, (_, index) => {
    const angle = (index / steps) * 2 * Math.PI;
    return [center.longitude + lngRadius * Math.cos(angle), center.latitude + latRadius * Math.sin(angle)];
  });
}

/** The route of the vehicle's last trip, as the trips map draws it. */
type TripLine = ReadonlyArray<[longitude: number, latitude: number]>;

const PATH_COLOUR = "#7c3aed";

function features(point: LatLng, approximate: boolean, path: TripLine | null): GeoJSON.FeatureCollection {
  const dot: GeoJSON.Feature = {
    type: "Feature",
    properties: { kind: "point" },
    geometry: { type: "Point", coordinates: [point.longitude, point.latitude] },
  };
  if (!approximate) {
    const line: GeoJSON.Feature[] =
      path && path.length > 1
        ? [
            {
              type: "Feature",
              properties: { kind: "path" },
              geometry: { type: "LineString", coordinates: path.map(([lng, lat]) => [lng, lat]) },
            },
          ]
        : [];
    return { type: "FeatureCollection", features: [...line, dot] };
  }
  const area: GeoJSON.Feature = {
    type: "Feature",
    properties: { kind: "area" },
    geometry: { type: "Polygon", coordinates: [circle(point, APPROXIMATE_RADIUS_KM)] },
  };
  return { type: "FeatureCollection", features: [area, dot] };
}

/**
 * A small map of the vehicle's location: a dot, or for the approximate location an area around it; with the exact
 * location, the route of its last trip under the dot, both in view.
 */
export function LocationMap({
  point,
  approximate,
  lastTripPath = null,
  styleUrl,
}: {
  point: LatLng;
  approximate: boolean;
  lastTripPath?: TripLine | null;
  styleUrl: string | undefined;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const theme = mapThemeOf(useTheme().resolvedTheme);
  const { map, ready, error } = useBaseMap(containerRef, styleUrl, theme);
  // What the last frame drew, for the browser tests: the route's points (0 for none).
  const [drawnPath, setDrawnPath] = useState<number | null>(null);
  const path = approximate ? null : lastTripPath;

  useEffect(() => {
    if (!map || !ready) return;
    const data = features(point, approximate, path);
    if (showAreas(map, SOURCE, data, { colour: "#2563eb", fillOpacity: 0.2 })) {
      map.addLayer(
        {
          id: `${SOURCE}-path`,
          type: "line",
          source: SOURCE,
          filter: ["==", ["get", "kind"], "path"],
          layout: { "line-cap": "round", "line-join": "round" },
          paint: { "line-color": PATH_COLOUR, "line-width": 3, "line-opacity": 0.85 },
        },
        `${SOURCE}-area`,
      );
      map.addLayer({
        id: `${SOURCE}-dot`,
        type: "circle",
        source: SOURCE,
        filter: ["==", ["get", "kind"], "point"],
        paint: {
          "circle-radius": approximate ? 4 : 7,
          "circle-color": "#2563eb",
          "circle-stroke-color": "#ffffff",
          "circle-stroke-width": 2,
        },
      });
    }
    if (path && path.length > 1) {
      const lngs = [point.longitude, ...path.map(([lng]) => lng)];
      const lats = [point.latitude, ...path.map(([, lat]) => lat)];
      map.fitBounds([Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)], {
        padding: 24,
        maxZoom: 15,
        duration: 0,
      });
    } else {
      map.jumpTo({ center: [point.longitude, point.latitude], zoom: approximate ? 10 : 13 });
    }
    let current = true;
    void whenDrawn(map).then(() => {
      if (current) setDrawnPath(path && path.length > 1 ? path.length : 0);
    });
    return () => {
      current = false;
    };
  }, [map, ready, point, approximate, path]);

  const where = `${point.latitude.toFixed(5)}, ${point.longitude.toFixed(5)}`;
  return (
    <MapRegion
      label={approximate ? "Map of the vehicle's approximate location" : "Map of the vehicle's location"}
      description={
        approximate
          ? `An area of about ${APPROXIMATE_RADIUS_KM} km around ${where}: the vehicle is somewhere in it. The coordinates are also given as text beside the map.`
          : `A dot at ${where}, the vehicle's last reported location${path ? ", and the route of its last trip" : ""}. The coordinates are also given as text beside the map.`
      }
      className="relative h-56 w-full overflow-hidden rounded-lg border border-border"
      data-testid="location-map"
      data-state={ready ? "ready" : "loading"}
      data-kind={approximate ? "approximate" : "exact"}
      data-drawn-path={drawnPath ?? undefined}
    >
      <div ref={containerRef} style={{ position: "absolute", inset: 0 }} />
      <MapProblem message={error} />
    </MapRegion>
  );
}
