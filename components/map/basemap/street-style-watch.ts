import type { ErrorEvent, MapSourceDataEvent } from "maplibre-gl";
import type { MapLibreMap } from "../maplibre";

/**
 * Whether a street style from a map service can be drawn: the map falls back to the built-in basemap when the style
 * cannot be fetched, or when its tiles cannot be (no network, a firewall, a Content-Security-Policy that does not name
 * their host) before the first of them arrived. A tile missing later, once others came, is the service's ordinary
 * gap, not a reason to leave it. A service that does not answer at all is given up after STREET_STYLE_TIMEOUT_MS.
 */

const STREET_STYLE_TIMEOUT_MS = 10_000;

export interface StreetStyleProgress {
  styleLoaded: boolean;
  tileLoaded: boolean;
}

export type StreetStyleEvent = "style-loaded" | "tile-loaded" | "style-error" | "tile-error" | "timeout";

/** The progress after an event, and whether the style is now known to be unreachable. */
export function afterStreetStyleEvent(
  progress: StreetStyleProgress,
  event: StreetStyleEvent,
): { progress: StreetStyleProgress; unreachable: boolean } {
  switch (event) {
    case "style-loaded":
      return { progress: { ...progress, styleLoaded: true }, unreachable: false };
    case "tile-loaded":
      return { progress: { ...progress, tileLoaded: true }, unreachable: false };
    case "style-error":
      // After the style loaded, an error of its own is a sprite or a glyph range: labels or icons missing, not a map.
      return { progress, unreachable: !progress.styleLoaded };
    case "tile-error":
    case "timeout":
      return { progress, unreachable: !progress.tileLoaded };
  }
}

/**
 * Watches a map that loads a street style; calls `onUnreachable` once, when it cannot be drawn. `isOwnSource` tells
 * the page's own sources (whose errors are not the style's). Returns how to stop watching.
 */
export function watchStreetStyle(
  map: MapLibreMap,
  isOwnSource: (sourceId: string) => boolean,
  onUnreachable: () => void,
): () => void {
  let progress: StreetStyleProgress = { styleLoaded: false, tileLoaded: false };
  let done = false;
  const handle = (event: StreetStyleEvent) => {
    if (done) return;
    const next = afterStreetStyleEvent(progress, event);
    progress = next.progress;
    if (next.unreachable) {
      stop();
      onUnreachable();
    } else if (progress.tileLoaded) {
      stop();
    }
  };
  const onStyle = () => handle("style-loaded");
  const onSourceData = (event: MapSourceDataEvent) => {
    if (event.tile && event.sourceId && !isOwnSource(event.sourceId)) handle("tile-loaded");
  };
  const onError = (event: ErrorEvent & { sourceId?: string }) => {
    if (event.sourceId === undefined) handle("style-error");
    else if (!isOwnSource(event.sourceId)) handle("tile-error");
  };
  const timer = setTimeout(() => handle("timeout"), STREET_STYLE_TIMEOUT_MS);
  map.on("style.load", onStyle);
  map.on("sourcedata", onSourceData);
  map.on("error", onError);
  function stop() {
    done = true;
    clearTimeout(timer);
    map.off("style.load", onStyle);
    map.off("sourcedata", onSourceData);
    map.off("error", onError);
  }
  return stop;
}
