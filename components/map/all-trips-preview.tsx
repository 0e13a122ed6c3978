"use client";

import { useTheme } from "next-themes";
import { useEffect, useMemo, useRef, useState } from "react";
import type { PointStore } from "@/components/trips/point-store";
import type { WindowBounds } from "@/components/trips/time-window";
import { formatNumber } from "@/lib/format/numbers";
import { rgbOf } from "@/lib/geo/preview-density";
import { AllTripsPreviewPainter, type PreviewPaint } from "./all-trips-preview-painter";
import { MAP_PALETTES, mapThemeOf } from "./map-theme";

/**
 * What the all-trips map shows before MapLibre is loaded: where the window's trips start, as a density of binned
 * cells in the map's own colours (its density view's ramp), framed and projected as the map frames them. It follows
 * the stream and the time window like the map; it costs one small image, however many trips there are.
 */
export function AllTripsPreview({
  store,
  version,
  bounds,
}: {
  store: PointStore;
  /** Changes whenever the store has new points. */
  version: number;
  bounds: WindowBounds;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [paint, setPaint] = useState<PreviewPaint | null>(null);
  const [painter] = useState(() => new AllTripsPreviewPainter(setPaint));
  const theme = mapThemeOf(useTheme().resolvedTheme);
  // The density view's ramp without its transparent foot: from a trip or two to the busiest place.
  const colours = useMemo(() => MAP_PALETTES[theme].heat.slice(1).map(rgbOf), [theme]);

  useEffect(() => {
    painter.attach(canvasRef.current);
    return () => painter.attach(null);
  }, [painter]);

  useEffect(() => {
    painter.show(store, bounds, colours);
  }, [painter, store, version, bounds, colours]);

  const label =
    paint === null || paint.drawn === 0
      ? "Where the vehicle's trips start, drawn here as they load."
      : `Where ${formatNumber(paint.drawn)} trips start, as a density: the warmer a spot, the more trips start there. The status above says how many trips are loaded, and the exports hold them all.`;
  return (
    <canvas
      ref={canvasRef}
      width={1}
      height={1}
      // One pixel a cell, scaled up whole and centred as the map fits the trips.
      className="absolute inset-0 size-full object-contain"
      role="img"
      aria-label={label}
      data-testid="all-trips-preview"
      data-drawn={paint?.drawn ?? ""}
      data-cells={paint?.cells ?? ""}
    />
  );
}
