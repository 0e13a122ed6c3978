import { Map as MapLibreMap, setWorkerUrl } from "maplibre-gl";
import { ClusterMarksLayer } from "@/components/map/gl/cluster-marks-layer";
import { marksOf } from "@/components/map/gl/cluster-marks";
import { loadCountFont } from "@/components/map/gl/count-glyphs";
import { heatPointsOf } from "@/components/map/gl/density-heat";
import { DensityLayer } from "@/components/map/gl/density-layer";
import { TripGroups } from "@/components/map/gl/trip-groups";
import { tripLinesOf } from "@/components/map/gl/trip-lines";
import { TripLinesLayer } from "@/components/map/gl/trip-lines-layer";
import { whenDrawn } from "@/components/map/when-drawn";
import type { Engine, EngineRun, View, Workload } from "./map-engines-types";

/**
 * The page bench/map-engines.ts opens: a MapLibre map with no basemap, the 100,000-trip vehicle's trips
 * (`/trips.bin`: start and end, lng and lat, NaN for a missing end), and one view drawn by one engine: the
 * dashboard's own layers (components/map/gl) or deck.gl's, interleaved with the map (@deck.gl/maplibre).
 * deck.gl is imported only when the run asks for it, as a page would load it lazily.
 */

declare global {
  interface Window {
    __mapEngines?: { run: (engine: Engine, view: View, panFrames: number) => Promise<EngineRun> };
  }
}

setWorkerUrl("/maplibre-gl-worker.mjs");

const STYLE = {
  version: 8 as const,
  sources: {},
  layers: [{ id: "background", type: "background" as const, paint: { "background-color": "#f4f4f5" } }],
};

async function workload(): Promise<Omit<Workload, "groups">> {
  const flat = new Float64Array(await (await fetch("/trips.bin")).arrayBuffer());
  const count = flat.length / 4;
  const starts = new Float64Array(count * 2);
  const ends = new Float64Array(count * 2);
  for (let i = 0; i < count; i++) {
    starts.set(flat.subarray(i * 4, i * 4 + 2), i * 2);
    ends.set(flat.subarray(i * 4 + 2, i * 4 + 4), i * 2);
  }
  // The page's point store holds plain arrays; the lines are made from it as the all-trips map makes them.
  const store = { count, coordinates: Array.from(starts), ends: Array.from(ends), startTimes: [] };
  return { starts, ends, count, store };
}

function fitted(map: MapLibreMap, { starts, count }: Pick<Workload, "starts" | "count">): void {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < count; i++) {
    const lng = starts[i * 2] ?? 0;
    const lat = starts[i * 2 + 1] ?? 0;
    [west, east, south, north] = [Math.min(west, lng), Math.max(east, lng), Math.min(south, lat), Math.max(north, lat)];
  }
  map.fitBounds(
    [
      [west, south],
      [east, north],
    ],
    { padding: 40, animate: false },
  );
}

/** The dashboard's layers for a view, added to the map with their data. */
function addOwnLayers(map: MapLibreMap, view: View, data: Workload): void {
  if (view === "lines") {
    const layer = new TripLinesLayer("bench-lines");
    map.addLayer(layer);
    layer.setColor("#2563eb");
    layer.setLines(tripLinesOf(data.store, null));
  } else if (view === "clusters") {
    const layer = new ClusterMarksLayer("bench-clusters", "light");
    map.addLayer(layer);
    layer.setMarks(marksOf(data.groups("starts")));
  } else {
    const layer = new DensityLayer("bench-density", "light");
    map.addLayer(layer);
    layer.setPoints(heatPointsOf(data.groups("density")));
  }
}

/** The intervals between the map's frames while it pans right by a few pixels each, from one frame to the next. */
function pan(map: MapLibreMap, frames: number): Promise<number[]> {
  return new Promise((resolve) => {
    const intervals: number[] = [];
    let last: number | null = null;
    const onRender = () => {
      const now = performance.now();
      if (last !== null) intervals.push(now - last);
      last = now;
      if (intervals.length >= frames) {
        map.off("render", onRender);
        resolve(intervals);
        return;
      }
      requestAnimationFrame(() => map.panBy([8, 0], { animate: false }));
    };
    map.on("render", onRender);
    map.panBy([8, 0], { animate: false });
  });
}

async function start(): Promise<void> {
  const container = document.getElementById("map");
  if (!container) throw new Error("the bench page has no #map");
  const [data, map] = await Promise.all([
    workload(),
    new Promise<MapLibreMap>((resolve) => {
      const map = new MapLibreMap({ container, style: STYLE, attributionControl: false });
      map.once("load", () => resolve(map));
    }),
    // Both engines' counts are drawn in the dashboard's font, loaded before any draw is timed.
    loadCountFont(),
  ]);
  fitted(map, data);
  await whenDrawn(map);
  const box = () => {
    const bounds = map.getBounds();
    return [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()] as [
      number,
      number,
      number,
      number,
    ];
  };
  const groups = new TripGroups();
  groups.append(data.starts, data.ends, new Float64Array(data.count).fill(NaN));
  // Grouped once before any draw: the dashboard groups in a worker, off the frames measured here.
  const grouped = {
    starts: groups.groups("starts", null, box(), Math.floor(map.getZoom())).features,
    density: groups.groups("density", null, box(), Math.floor(map.getZoom())).features,
  };
  const withGroups: Workload = { ...data, groups: (kind) => grouped[kind] };
  window.__mapEngines = {
    run: async (engine, view, panFrames) => {
      const deck = engine === "deck" ? await import("./map-engines-deck") : null;
      const started = performance.now();
      if (deck) await deck.drawDeckView(map, view, withGroups);
      else {
        addOwnLayers(map, view, withGroups);
        await whenDrawn(map);
      }
      const firstDrawMs = performance.now() - started;
      return { firstDrawMs, panFramesMs: await pan(map, panFrames) };
    },
  };
}

void start();
