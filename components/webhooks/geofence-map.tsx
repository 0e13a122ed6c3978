"use client";

import { useTheme } from "next-themes";
import { useEffect, useRef } from "react";
import { showAreas } from "@/components/map/area-layers";
import { MapProblem } from "@/components/map/map-problem";
import { MapRegion } from "@/components/map/map-region";
import { mapThemeOf } from "@/components/map/map-theme";
import { type MapMouseEvent, Marker } from "@/components/map/maplibre";
import { OVERLAY_PREFIX, useBaseMap } from "@/components/map/use-base-map";
import { type Geofence } from "@/lib/cel/geofence";
import {
  type LatLngPoint,
  distanceKm,
  geofenceBounds,
  geofenceFeatures,
  radiusHandle,
} from "@/lib/cel/geofence-circle";

const SOURCE = `${OVERLAY_PREFIX}geofence`;
const COLOUR = "#2563eb";
const FIT = { padding: 28, maxZoom: 15, duration: 0 } as const;

export interface GeofenceMapProps {
  /** The circle the typed fields describe; null while they describe none (the last one drawn stays). */
  fence: Geofence | null;
  styleUrl: string | undefined;
  /** A click on the map, or the centre dragged: the new centre. */
  onCentre: (point: LatLngPoint) => void;
  /** The radius handle dragged: the distance from the centre, in km. */
  onRadius: (radiusKm: number) => void;
}

/** A marker's dot. Hidden from screen readers and out of the tab order: the typed fields do what it does. */
function dot(kind: "centre" | "handle"): HTMLDivElement {
  const element = document.createElement("div");
  element.setAttribute("aria-hidden", "true");
  element.dataset.geofenceMarker = kind;
  element.className =
    kind === "centre"
      ? "size-4 cursor-move rounded-full border-2 border-white bg-[#2563eb] shadow"
      : "size-3.5 cursor-ew-resize rounded-full border-2 border-[#2563eb] bg-white shadow";
  return element;
}

/**
 * The geofence helper's map: the circle drawn on the sphere the condition measures on, its centre and a radius
 * handle as draggable markers, and a click that moves the centre. It only reports what the person did; the fields
 * hold the circle, so typing moves it here and a drag writes the fields.
 */
export function GeofenceMap({ fence, styleUrl, onCentre, onRadius }: GeofenceMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const theme = mapThemeOf(useTheme().resolvedTheme);
  const { map, ready, styleVersion, error } = useBaseMap(containerRef, styleUrl, theme);
  const callbacks = useRef({ onCentre, onRadius });
  const markers = useRef<{ centre: Marker; handle: Marker; added: boolean } | null>(null);
  const drawn = useRef<Geofence | null>(null);
  // A change that came from the map keeps the camera where it is: refitting under a dragging cursor would jump.
  const fromMap = useRef(false);
  const draggingHandle = useRef(false);

  useEffect(() => {
    callbacks.current = { onCentre, onRadius };
  }, [onCentre, onRadius]);

  useEffect(() => {
    if (!map || !ready) return;
    const centre = new Marker({ element: dot("centre"), draggable: true });
    const handle = new Marker({ element: dot("handle"), draggable: true });
    const report = (kind: "centre" | "handle") => {
      fromMap.current = true;
      const at = kind === "centre" ? centre.getLngLat() : handle.getLngLat();
      const point = { latitude: at.lat, longitude: at.lng };
      if (kind === "centre") callbacks.current.onCentre(point);
      else if (drawn.current) callbacks.current.onRadius(distanceKm(drawn.current, point));
    };
    centre.on("drag", () => report("centre"));
    handle.on("dragstart", () => (draggingHandle.current = true));
    handle.on("drag", () => report("handle"));
    handle.on("dragend", () => {
      draggingHandle.current = false;
      // Back due east of the centre, where it is drawn when the radius is typed.
      if (drawn.current) {
        const east = radiusHandle(drawn.current, drawn.current.radiusKm);
        handle.setLngLat([east.longitude, east.latitude]);
      }
    });
    const click = (event: MapMouseEvent) => {
      // A click on a marker that did not move it is not a new centre (the handle's would land on the circle).
      const target = event.originalEvent.target;
      if (target instanceof Element && target.closest("[data-geofence-marker]")) return;
      fromMap.current = true;
      callbacks.current.onCentre({ latitude: event.lngLat.lat, longitude: event.lngLat.lng });
    };
    map.on("click", click);
    markers.current = { centre, handle, added: false };
    return () => {
      map.off("click", click);
      centre.remove();
      handle.remove();
      markers.current = null;
    };
  }, [map, ready]);

  useEffect(() => {
    if (!map || !ready || !fence) return;
    const data = geofenceFeatures(fence);
    showAreas(map, SOURCE, data, { colour: COLOUR, fillOpacity: 0.15 });
    // Dashed while the webhook fires outside the circle, as in the legend.
    map.setPaintProperty(`${SOURCE}-outline`, "line-dasharray", fence.inside ? undefined : [2, 1]);
    const previous = drawn.current;
    drawn.current = fence;
    const placed = markers.current;
    if (placed) {
      placed.centre.setLngLat([fence.longitude, fence.latitude]);
      const east = radiusHandle(fence, fence.radiusKm);
      if (!draggingHandle.current) placed.handle.setLngLat([east.longitude, east.latitude]);
      // Added once: adding again takes a marker off the map first, which would end a drag under way.
      if (!placed.added) {
        placed.centre.addTo(map);
        placed.handle.addTo(map);
        placed.added = true;
      }
    }
    const moved =
      !previous ||
      previous.latitude !== fence.latitude ||
      previous.longitude !== fence.longitude ||
      previous.radiusKm !== fence.radiusKm;
    if (moved && !fromMap.current) map.fitBounds(geofenceBounds(fence), FIT);
    fromMap.current = false;
  }, [map, ready, styleVersion, fence]);

  const where = fence
    ? `a circle of ${fence.radiusKm} km around ${fence.latitude}, ${fence.longitude}; the webhook fires while a vehicle is ${fence.inside ? "inside" : "outside"} it`
    : "no circle yet: the fields beside the map do not describe one";
  return (
    <div className="flex w-full flex-col gap-1">
      <MapRegion
        label="Map of the geofence"
        description={`Draws ${where}. A click on the map moves the centre; the centre and the radius handle can be dragged. The same circle is set with the latitude, longitude and radius fields.`}
        className="relative h-64 w-full overflow-hidden rounded-lg border border-border"
        data-testid="geofence-map"
        data-state={ready ? "ready" : "loading"}
        data-centre={fence ? `${fence.latitude},${fence.longitude}` : undefined}
        data-radius-km={fence?.radiusKm}
      >
        <div ref={containerRef} style={{ position: "absolute", inset: 0 }} />
        <MapProblem message={error} />
      </MapRegion>
      <GeofenceLegend inside={fence?.inside ?? true} />
    </div>
  );
}

/** What the marks mean and what they do; a line under the map, so it never covers the circle. */
function GeofenceLegend({ inside }: { inside: boolean }) {
  return (
    <p className="flex flex-wrap gap-3 text-xs text-muted-foreground" data-testid="geofence-legend">
      <span className="flex items-center gap-1">
        <span className="size-3 rounded-full border-2 border-white bg-[#2563eb]" aria-hidden /> centre: click the map or
        drag it
      </span>
      <span className="flex items-center gap-1">
        <span className="size-3 rounded-full border-2 border-[#2563eb] bg-white" aria-hidden /> drag to change the
        radius
      </span>
      <span className="flex items-center gap-1">
        <span
          className={`h-2.5 w-4 border-2 border-[#2563eb] bg-[#2563eb]/15 ${inside ? "" : "border-dashed"}`}
          aria-hidden
        />{" "}
        the geofence: fires while a vehicle is {inside ? "inside" : "outside"} it
      </span>
    </p>
  );
}
