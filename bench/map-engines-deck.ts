import type { Layer } from "@deck.gl/core";
import { HeatmapLayer } from "@deck.gl/aggregation-layers";
import { LineLayer, ScatterplotLayer, TextLayer } from "@deck.gl/layers";
import { MapLibreOverlay } from "@deck.gl/maplibre";
import type { Map as MapLibreMap } from "maplibre-gl";
import { type ClusterMark, labelSize, marksOf, markStyle } from "@/components/map/gl/cluster-marks";
import { heatRadius } from "@/components/map/gl/density-heat";
import { lineAlpha } from "@/components/map/gl/trip-lines";
import { rgbOf } from "@/components/map/gl/webgl";
import type { View, Workload } from "./map-engines-types";

/**
 * deck.gl's layers for the views bench/map-engines.ts compares, fed as deck.gl's documentation advises for large
 * data (lines from one typed array as binary attributes; marks and points as plain arrays with accessors), drawn
 * interleaved with the MapLibre map (@deck.gl/maplibre). The page imports this module only for deck.gl's runs.
 */

const LINE_RGB = rgbOf("#2563eb").map((value) => Math.round(value * 255));
const WHITE: [number, number, number, number] = [255, 255, 255, 255];

/** A premultiplied fill (markStyle) as deck.gl's straight 0..255 RGBA. */
function straight([r, g, b, a]: [number, number, number, number]): [number, number, number, number] {
  return a === 0 ? [0, 0, 0, 0] : [(r / a) * 255, (g / a) * 255, (b / a) * 255, a * 255];
}

/** Lines from start to end, as `[startLng, startLat, endLng, endLat, ...]` of the trips that have both. */
function linesLayer({ starts, ends, count }: Workload): Layer {
  const flat = new Float64Array(count * 4);
  let lines = 0;
  for (let i = 0; i < count; i++) {
    const endLng = ends[i * 2] ?? NaN;
    const endLat = ends[i * 2 + 1] ?? NaN;
    if (!Number.isFinite(endLng) || !Number.isFinite(endLat)) continue;
    flat.set([starts[i * 2] ?? 0, starts[i * 2 + 1] ?? 0, endLng, endLat], lines * 4);
    lines++;
  }
  const alpha = Math.round(lineAlpha(lines) * 255);
  return new LineLayer({
    id: "deck-lines",
    data: {
      length: lines,
      attributes: {
        getSourcePosition: { value: flat, size: 2, stride: 32, offset: 0 },
        getTargetPosition: { value: flat, size: 2, stride: 32, offset: 16 },
      },
    },
    getColor: [LINE_RGB[0] ?? 0, LINE_RGB[1] ?? 0, LINE_RGB[2] ?? 0, alpha],
    getWidth: 1,
    widthUnits: "pixels",
  });
}

function clusterLayers(workload: Workload): Layer[] {
  const marks = marksOf(workload.groups("starts"));
  return [
    new ScatterplotLayer<ClusterMark>({
      id: "deck-cluster-circles",
      data: marks,
      getPosition: (mark) => [mark.lng, mark.lat],
      getRadius: (mark) => markStyle(mark, "light").radius,
      getFillColor: (mark) => straight(markStyle(mark, "light").fill),
      getLineColor: WHITE,
      getLineWidth: (mark) => markStyle(mark, "light").stroke,
      radiusUnits: "pixels",
      lineWidthUnits: "pixels",
      stroked: true,
    }),
    new TextLayer<ClusterMark>({
      id: "deck-cluster-counts",
      data: marks.filter((mark) => mark.label !== ""),
      getPosition: (mark) => [mark.lng, mark.lat],
      getText: (mark) => mark.label,
      getSize: (mark) => labelSize(mark.count),
      getColor: WHITE,
      fontFamily: '"Dashboard Counts", sans-serif',
      characterSet: "auto",
      outlineWidth: 2,
      outlineColor: [0, 0, 0, 160],
      fontSettings: { sdf: true },
    }),
  ];
}

function densityLayer(workload: Workload, zoom: number): Layer {
  return new HeatmapLayer<ReturnType<Workload["groups"]>[number]>({
    id: "deck-density",
    data: workload.groups("density"),
    getPosition: (feature) => [feature.geometry.coordinates[0] ?? 0, feature.geometry.coordinates[1] ?? 0],
    getWeight: (feature) => (typeof feature.properties?.point_count === "number" ? feature.properties.point_count : 1),
    radiusPixels: heatRadius(zoom),
    aggregation: "SUM",
  });
}

/** Draws a view with deck.gl; resolves once the frame with every layer loaded and drawn is on screen. */
export function drawDeckView(map: MapLibreMap, view: View, workload: Workload): Promise<void> {
  return new Promise((resolve) => {
    const layers =
      view === "lines"
        ? [linesLayer(workload)]
        : view === "clusters"
          ? clusterLayers(workload)
          : [densityLayer(workload, map.getZoom())];
    let drawn = false;
    const overlay = new MapLibreOverlay({
      interleaved: true,
      layers,
      // Called after each of the map's frames; a layer is loaded once initialised, before the frame that draws it.
      onAfterRender: () => {
        if (drawn || !layers.every((layer) => layer.isLoaded)) return;
        drawn = true;
        requestAnimationFrame(() => resolve());
      },
    });
    map.addControl(overlay);
  });
}
