import type { PointStore } from "@/components/trips/point-store";
import { padBounds } from "@/lib/geo/bounds";
import type { MapLibreMap } from "./maplibre";

/** Whether the person has moved the map (it then stays where they put it), and whether it was fitted to this store. */
export interface CameraState {
  userMoved: boolean;
  fitted: boolean;
}

/**
 * Shows every point, unless the person moved the map. Where the map already shows them (the first pages usually
 * span the whole history), it stays put: a jump to where it is, or within a pixel of it, still reloads the basemap's
 * tiles and draws three or four more frames.
 */
export function fitToPoints(map: MapLibreMap, store: PointStore, view: CameraState) {
  const bounds = store.bounds();
  if (!bounds || view.userMoved) return;
  const camera = map.cameraForBounds(padBounds(bounds, 0.05), { padding: 40, maxZoom: 13 });
  view.fitted = true;
  if (!camera?.center || camera.zoom === undefined) return;
  const target = map.project(camera.center);
  const here = map.project(map.getCenter());
  if (Math.abs(camera.zoom - map.getZoom()) < 0.01 && Math.hypot(target.x - here.x, target.y - here.y) < 1) return;
  map.jumpTo(camera);
}
