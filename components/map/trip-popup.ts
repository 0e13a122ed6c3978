import { formatDuration } from "@/lib/format/time";
import { tripDurationMs, tripEnd, tripStart } from "@/lib/geo/trip-places";
import type { Trip } from "@/lib/models";

/** Where a trip's popup opens: the middle of its line, or whichever end is known. */
export function popupAnchor(trip: Trip): [number, number] | null {
  const start = tripStart(trip).point;
  const end = tripEnd(trip);
  if (start && end) return [(start.longitude + end.longitude) / 2, (start.latitude + end.latitude) / 2];
  const only = start ?? end;
  return only ? [only.longitude, only.latitude] : null;
}

/**
 * The popup's content, built as DOM text (never HTML from data). MapLibre's popup is white in both themes. Times go
 * through the page's `formatTime` (useTimeFormat), so the popup follows the Local / UTC switch like the list beside it.
 */
export function popupContent(trip: Trip, formatTime: (iso: string) => string): HTMLElement {
  const root = document.createElement("div");
  root.dataset.testid = "trip-popup";
  root.style.cssText = "color:#0b1220;font-size:12px;line-height:1.5;min-width:180px";
  const durationMs = tripDurationMs(trip);
  const rows: Array<[string, string]> = [
    ["Start", formatTime(trip.start.time)],
    ["End", formatTime(trip.end.time)],
    ["Duration", durationMs === null ? "unknown" : formatDuration(durationMs)],
  ];
  for (const [label, value] of rows) {
    const line = document.createElement("div");
    const name = document.createElement("strong");
    name.textContent = `${label}: `;
    line.append(name, value);
    root.append(line);
  }
  return root;
}
