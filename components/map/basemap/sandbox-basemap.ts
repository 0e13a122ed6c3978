import type { GeoJSONSource, MapLibreMap } from "../maplibre";
import { SANDBOX_SOURCE } from "./builtin-style";

/**
 * The sandbox cities on the built-in basemap (app/api/basemap/streets): their names, rivers and streets, fetched for
 * the box on screen by MapLibre's own worker (the source's data is the route's URL, so parsing stays off the main
 * thread). The box is snapped outward to a grid that grows as the map zooms out, so small pans ask for nothing new.
 * Outside sandbox mode the route answers 404 and the map stops asking.
 */

/** The grid the box is snapped to at zoom 10 and closer, in degrees; it doubles with each zoom level further out. */
const SNAP_DEGREES = 0.02;
const SNAP_FROM_ZOOM = 10;

/** The box asked for: the view's, snapped outward, clamped to the world, as `west,south,east,north`. */
export function snappedBox(bounds: { west: number; south: number; east: number; north: number }, zoom: number): string {
  const snap = SNAP_DEGREES * 2 ** Math.max(0, Math.ceil(SNAP_FROM_ZOOM - zoom));
  // Every snap is a whole number of hundredths.
  const down = (value: number, limit: number) => Math.max(-limit, Math.floor(value / snap) * snap).toFixed(2);
  const up = (value: number, limit: number) => Math.min(limit, Math.ceil(value / snap) * snap).toFixed(2);
  return [down(bounds.west, 180), down(bounds.south, 85), up(bounds.east, 180), up(bounds.north, 85)].join(",");
}

/** Keeps the sandbox source in step with the view; returns how to stop. */
export function followSandboxBasemap(map: MapLibreMap): () => void {
  let shown = "";
  let unavailable = false;
  const update = () => {
    const source = map.getSource<GeoJSONSource>(SANDBOX_SOURCE);
    if (unavailable || !source) return;
    const bounds = map.getBounds();
    const bbox = snappedBox(
      { west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() },
      map.getZoom(),
    );
    if (bbox === shown) return;
    shown = bbox;
    void source.setData(`/api/basemap/streets?bbox=${bbox}`);
  };
  // A failed load (404 outside sandbox mode) ends the asking; the source's error comes through the map's.
  const errors = map.on("error", (event) => {
    if ((event as { sourceId?: unknown }).sourceId === SANDBOX_SOURCE) unavailable = true;
  });
  // A resize changes the box too (a map laid out after it loaded): it ends no move.
  map.on("moveend", update);
  map.on("resize", update);
  update();
  return () => {
    map.off("moveend", update);
    map.off("resize", update);
    errors.unsubscribe();
  };
}
