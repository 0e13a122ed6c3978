import type { PointStore } from "@/components/trips/point-store";
import { padBounds } from "@/lib/geo/bounds";
import { LngLat, type MapLibreMap } from "./maplibre";
import type { FitCamera } from "./gl/camera-view";

/** Whether the person has moved the map (it then stays where they put it), and whether it was fitted to this store. */
export interface CameraState {
  userMoved: boolean;
  fitted: boolean;
}

/**
 * Where the map should go to show every point, or null to stay: the person moved it, or it shows them already.
 * Where the map already shows them (the first pages usually span the whole history), it stays put: a jump to where
 * it is, or within a pixel of it, still reloads the basemap's tiles and draws three or four more frames.
 */
export function cameraToFit(map: MapLibreMap, store: PointStore, view: CameraState): FitCamera | null {
  const bounds = store.bounds();
  if (!bounds || view.userMoved) return null;
  const camera = map.cameraForBounds(padBounds(bounds, 0.05), { padding: 40, maxZoom: 13 });
  view.fitted = true;
  if (!camera?.center || camera.zoom === undefined) return null;
  const target = map.project(camera.center);
  const here = map.project(map.getCenter());
  if (Math.abs(camera.zoom - map.getZoom()) < 0.01 && Math.hypot(target.x - here.x, target.y - here.y) < 1) return null;
  const { lng, lat } = LngLat.convert(camera.center);
  return { center: { lng, lat }, zoom: camera.zoom };
}

/** Shows every point, unless the person moved the map or it shows them already. */
export function fitToPoints(map: MapLibreMap, store: PointStore, view: CameraState) {
  const camera = cameraToFit(map, store, view);
  if (camera) map.jumpTo(camera);
}
