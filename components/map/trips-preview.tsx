"use client";

import { useMemo } from "react";
import type { Trip, TripPathResult } from "@/lib/models";
import type { Position } from "geojson";
import { tripsBounds } from "@/lib/geo/bounds";
import { type PreviewFrame, previewFrame, previewPath } from "@/lib/geo/preview-projection";
import { tripsToFeatures } from "@/lib/geo/trip-features";

const PREVIEW_SIZE = 1000;
/** Wide enough for a route that strays beyond the box of the trips' starts and ends. */
const PREVIEW_MARGIN = 0.1;

/** Each route's drawing in each frame, kept while both live: a route is projected once, not on every arrival. */
const drawings = new WeakMap<PreviewFrame, WeakMap<readonly Position[], string>>();

function drawnOnce(coordinates: readonly Position[], frame: PreviewFrame): string {
  let inFrame = drawings.get(frame);
  if (!inFrame) drawings.set(frame, (inFrame = new WeakMap()));
  let path = inFrame.get(coordinates);
  if (path === undefined) inFrame.set(coordinates, (path = previewPath(coordinates as [number, number][], frame)));
  return path;
}

interface PreviewLine {
  tripId: string;
  path: string;
  straight: boolean;
}

/**
 * The page's trips drawn as the map draws them (each along its route once known, else a dashed straight line, the
 * selected one over the others), without a basemap: what the trips map shows before MapLibre is loaded.
 */
export function TripsPreview({
  trips,
  paths,
  selectedId,
  hoveredId,
}: {
  trips: readonly Trip[];
  paths: ReadonlyMap<string, TripPathResult>;
  selectedId: string | null;
  hoveredId: string | null;
}) {
  // Framed on the trips' starts and ends, which do not change as routes arrive, so each route is projected once.
  const frame = useMemo(() => {
    const bounds = tripsBounds(trips);
    return bounds ? previewFrame(bounds, PREVIEW_SIZE, PREVIEW_MARGIN) : null;
  }, [trips]);
  const drawing = useMemo(() => {
    if (!frame) return null;
    const lines: PreviewLine[] = [];
    for (const feature of tripsToFeatures(trips, paths).features) {
      if (feature.geometry.type !== "LineString") continue;
      const path = drawnOnce(feature.geometry.coordinates, frame);
      lines.push({ tripId: feature.properties.tripId, straight: feature.properties.straight, path });
    }
    return { width: frame.width, height: frame.height, lines };
  }, [frame, trips, paths]);

  if (!drawing) return null;
  const highlighted = drawing.lines.filter((line) => line.tripId === selectedId || line.tripId === hoveredId);
  return (
    <svg
      viewBox={`0 0 ${drawing.width} ${drawing.height}`}
      preserveAspectRatio="xMidYMid meet"
      className="absolute inset-0 size-full"
      aria-hidden
      data-testid="trips-preview"
      data-drawn-count={drawing.lines.length}
      data-drawn-routes={drawing.lines.filter((line) => !line.straight).length}
    >
      <g fill="none" strokeLinecap="round" strokeLinejoin="round" vectorEffect="non-scaling-stroke">
        {drawing.lines.map((line) => (
          <path
            key={line.tripId}
            d={line.path}
            className={selectedId === null ? "stroke-primary/70" : "stroke-muted-foreground/40"}
            strokeWidth={2}
            strokeDasharray={line.straight ? "4 4" : undefined}
            vectorEffect="non-scaling-stroke"
          />
        ))}
        {highlighted.map((line) => (
          <path
            key={`highlight-${line.tripId}`}
            d={line.path}
            className="stroke-primary"
            strokeWidth={4}
            vectorEffect="non-scaling-stroke"
            data-testid="trips-preview-selected"
          />
        ))}
      </g>
    </svg>
  );
}
