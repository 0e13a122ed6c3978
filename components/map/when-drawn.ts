import type { MapLibreMap } from "./maplibre";

/**
 * Resolves once the map has drawn everything it was given and that frame has been handed to the screen. The map's
 * `idle` comes right after it issued the last frame's draw calls; the GPU (SwiftShader, on a machine without one)
 * rasterises them while the browser commits that frame, so the draw is done when the next animation frame comes.
 * The draw times under test end here, so they include the rasterising.
 */
export function whenDrawn(map: MapLibreMap): Promise<void> {
  return new Promise((resolve) => {
    map.once("idle", () => requestAnimationFrame(() => resolve()));
    map.triggerRepaint();
  });
}
