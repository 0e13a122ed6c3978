import type { PointStore } from "@/components/trips/point-store";
import { exposeForTests, installForTests, measureForTests } from "@/lib/test-hooks";
import { CLUSTERS_LAYER, DENSITY_LAYER } from "./cluster-layers";
import { markSize } from "./gl/cluster-marks";
import type { ClusterMarksLayer } from "./gl/cluster-marks-layer";
import type { DensityLayer } from "./gl/density-layer";
import type { HeatPoints } from "./gl/density-heat";
import { type DrawnMarks, type Watched, watchClusterMarks, watchDensity, watchTripLines } from "./layer-test-hooks";
import type { MapLibreMap } from "./maplibre";
import type { TripLinesLayer } from "./gl/trip-lines-layer";
import { tripLinesOf } from "./gl/trip-lines";
import { mercatorX, mercatorY } from "./gl/webgl";
import { whenDrawn } from "./when-drawn";

/**
 * What the all-trips map shows the browser tests and the bench (on only when the runner sets the flag,
 * lib/test-hooks.ts): the map itself, and what each view's custom layer drew, which queryRenderedFeatures cannot see.
 */

/** Performance measure (under test) from handing trips to the lines view until the map has drawn them. */
const LINES_MEASURE = "all-trips:lines";

export interface AllTripsLayers {
  lines: TripLinesLayer;
  marks: ClusterMarksLayer;
  heat: DensityLayer;
}

/**
 * Exposes the map and its views' drawings; returns what hides them again. `store` is read when asked, so the bench
 * draws the trips the page holds then; `shown` says whether a view's layer is on screen: a hidden one drew nothing.
 */
export function exposeAllTripsMap(
  map: MapLibreMap,
  { lines, marks, heat }: AllTripsLayers,
  store: () => PointStore,
  shown: (layer: string) => boolean,
): () => void {
  const hideMap = exposeForTests("allTripsMap", map);
  // What each view's layer drew, watched only while the hooks are on.
  let watched: { lines: Watched<number>; marks: Watched<DrawnMarks>; heat: Watched<HeatPoints | null> } | null = null;
  const stopWatching = installForTests(() => {
    const layers = { lines: watchTripLines(lines), marks: watchClusterMarks(marks), heat: watchDensity(heat) };
    watched = layers;
    map.triggerRepaint();
    return () => Object.values(layers).forEach(({ stop }) => stop());
  });
  // The bench draws the first `count` trips of the store through the lines view's own path, and the tests read
  // how many lines the last frame drew.
  const hideBench = exposeForTests("allTripsMapBench", {
    drawLines: async (count: number) => {
      const started = performance.now();
      lines.setLines(tripLinesOf(store(), null, count));
      await whenDrawn(map);
      measureForTests(LINES_MEASURE, started);
      return performance.now() - started;
    },
    linesDrawn: () => watched?.lines.drawn() ?? 0,
  });
  // The clusters view's marks as the last frame drew them, where they are on the canvas now: those at least partly
  // on it, none while the view is hidden.
  const hideClusters = exposeForTests("allTripsClusters", {
    drawn: () => {
      const canvas = map.getCanvas().getBoundingClientRect();
      const drawn = shown(CLUSTERS_LAYER)
        ? (watched?.marks.drawn() ?? { marks: [], labelled: false })
        : { marks: [], labelled: false };
      const placed = drawn.marks.map((mark) => ({
        ...mark,
        ...map.project([mark.lng, mark.lat]),
        radius: markSize(mark).radius,
      }));
      return {
        labelled: drawn.labelled,
        marks: placed.filter(
          ({ x, y, radius }) => x > -radius && y > -radius && x < canvas.width + radius && y < canvas.height + radius,
        ),
      };
    },
  });
  // The density view's points as the last frame drew them: those on the canvas now, none while the view is hidden.
  const hideDensity = exposeForTests("allTripsDensity", {
    drawn: () => {
      const points = shown(DENSITY_LAYER) ? (watched?.heat.drawn() ?? null) : null;
      const view = map.getBounds();
      const [west, east, north, south] = [
        mercatorX(view.getWest()),
        mercatorX(view.getEast()),
        mercatorY(view.getNorth()),
        mercatorY(view.getSouth()),
      ];
      let count = 0;
      let weight = 0;
      for (let i = 0; points && i < points.count; i++) {
        const x = (points.data[i * 3] ?? NaN) + points.origin[0];
        const y = (points.data[i * 3 + 1] ?? NaN) + points.origin[1];
        if (x < west || x > east || y < north || y > south) continue;
        count++;
        weight += points.data[i * 3 + 2] ?? 0;
      }
      return { points: count, weight };
    },
  });
  return () => {
    stopWatching();
    hideMap();
    hideBench();
    hideClusters();
    hideDensity();
  };
}
