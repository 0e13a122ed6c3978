import { formatNumber } from "@/lib/format/numbers";
import type { ListTrips } from "./cluster-interactions";
import { LISTED_TRIPS } from "./cluster-interactions";
import { mapTooltip } from "./map-tooltip";
import type { MapLibreMap } from "./maplibre";

/**
 * The lines view's answer to the pointer: hovering says how many trips' straight lines cross under it, and a click
 * lists those trips below the map, as a click on a cluster lists its trips. `linesAt` gives none while the view is
 * hidden.
 */
export function addLineInteractions(
  map: MapLibreMap,
  linesAt: (point: { x: number; y: number }) => number[],
  onList: ListTrips,
): void {
  const tooltip = mapTooltip(map, "lines-tooltip");
  map.on("mousemove", (event) => {
    const near = linesAt(event.point);
    if (near.length === 0) return tooltip.hide();
    const lines = near.length === 1 ? "1 trip's line crosses" : `${formatNumber(near.length)} trips' lines cross`;
    tooltip.show(event.lngLat, `${lines} here · click to list ${near.length === 1 ? "it" : "them"}`);
  });
  map.on("click", (event) => {
    const near = linesAt(event.point);
    if (near.length > 0) onList({ kind: "lines", indices: near.slice(0, LISTED_TRIPS), total: near.length });
  });
}
