import type { Bounds } from "@/lib/geo/bounds";
import { mercatorX, mercatorY } from "./webgl";

/** Where a jump puts the map: these maps neither rotate nor tilt. */
export interface FitCamera {
  center: { lng: number; lat: number };
  zoom: number;
}

/** MapLibre's world is this many pixels wide at zoom 0. */
const WORLD_PIXELS = 512;

/**
 * The box a camera shows in a container of `width` by `height` CSS pixels, before the map is there: to ask for what
 * it will show.
 */
export function viewAt(camera: FitCamera, width: number, height: number): Bounds {
  const world = WORLD_PIXELS * 2 ** camera.zoom;
  const x = mercatorX(camera.center.lng) * world;
  const y = mercatorY(camera.center.lat) * world;
  const lngAt = (px: number) => (px / world) * 360 - 180;
  const latAt = (py: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * py) / world))) * 180) / Math.PI;
  return [lngAt(x - width / 2), latAt(y + height / 2), lngAt(x + width / 2), latAt(y - height / 2)];
}
