"use client";

import { type RefObject, useEffect, useState } from "react";
import { type GeoJSONSource, MapLibreMap, NavigationControl, type StyleSpecification } from "./maplibre";
import { type MapTheme, styleUrlFor } from "./map-theme";
import { BASEMAP_LAYERS, COUNTRIES_SOURCE, COUNTRIES_URL, offlineStyle, paintOfflineBasemap } from "./offline-basemap";
import { attachSandboxStreets, paintSandboxStreets } from "./sandbox-streets";

/**
 * A MapLibre map in a container: the offline basemap, or the configured street style, in the current theme.
 * Layers the pages add are named with OVERLAY_PREFIX, so a theme switch that loads another street style keeps them.
 */

export const OVERLAY_PREFIX = "dash-";

const isOverlay = (id: string) => id.startsWith(OVERLAY_PREFIX);

/** Keeps the page's own sources and layers when a new street style replaces the old one. */
function keepOverlays(previous: StyleSpecification | undefined, next: StyleSpecification): StyleSpecification {
  if (!previous) return next;
  const sources = Object.fromEntries(Object.entries(previous.sources).filter(([id]) => isOverlay(id)));
  return {
    ...next,
    sources: { ...next.sources, ...sources },
    layers: [...next.layers, ...previous.layers.filter((layer) => isOverlay(layer.id))],
  };
}

export interface BaseMapState {
  map: MapLibreMap | null;
  /** The style has loaded: overlays may be added. */
  ready: boolean;
  /** Bumped whenever a new style replaced the old one (overlays survive, feature states do not). */
  styleVersion: number;
  error: string | null;
}

export function useBaseMap(
  containerRef: RefObject<HTMLDivElement | null>,
  styleUrl: string | undefined,
  theme: MapTheme,
): BaseMapState {
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [ready, setReady] = useState(false);
  const [styleVersion, setStyleVersion] = useState(0);
  const [error, setError] = useState<string | null>(null);
  // The theme at creation time; later changes are applied in place by the effect below.
  const [initialTheme] = useState(theme);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const instance = new MapLibreMap({
      container,
      style: styleUrl ? styleUrlFor(styleUrl, initialTheme) : offlineStyle(initialTheme),
      center: [-98.5, 39.8],
      zoom: 3,
      attributionControl: styleUrl ? { compact: true } : false,
      dragRotate: false,
      pitchWithRotate: false,
      touchPitch: false,
      fadeDuration: 0,
    });
    instance.touchZoomRotate.disableRotation();
    instance.addControl(new NavigationControl({ showCompass: false }), "top-right");
    let detachStreets = () => {};
    instance.once("load", () => {
      if (!styleUrl) {
        // Over the land, under the borders and every overlay: added before the pages add theirs.
        detachStreets = attachSandboxStreets(instance, initialTheme, BASEMAP_LAYERS.borders);
      }
      setReady(true);
      // After the first load, not in the style: the map's "load" (and so the page's layers) would wait for them.
      if (!styleUrl) instance.getSource<GeoJSONSource>(COUNTRIES_SOURCE)?.setData(COUNTRIES_URL);
    });
    instance.on("error", (event) => {
      if ("sourceId" in event && event.sourceId === COUNTRIES_SOURCE) setError("the basemap could not be loaded");
    });
    instance.on("style.load", () => setStyleVersion((version) => version + 1));
    setMap(instance);
    return () => {
      detachStreets();
      instance.remove();
      setMap(null);
      setReady(false);
    };
  }, [containerRef, styleUrl, initialTheme]);

  useEffect(() => {
    if (!map || !ready) return;
    if (!styleUrl) {
      paintOfflineBasemap(map, theme);
      paintSandboxStreets(map, theme);
    } else if (styleUrl.includes("{theme}")) {
      map.setStyle(styleUrlFor(styleUrl, theme), { transformStyle: keepOverlays });
    }
  }, [map, ready, styleUrl, theme]);

  return { map, ready, styleVersion, error };
}
