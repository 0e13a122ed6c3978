"use client";

import { type RefObject, useEffect, useRef, useState } from "react";
import { exposeForTests } from "@/lib/test-hooks";
import { BasemapNotice } from "./basemap/basemap-notice";
import { COUNTRIES_SOURCE, COUNTRIES_URL, builtinStyle, paintBuiltinBasemap } from "./basemap/builtin-style";
import { followSandboxBasemap } from "./basemap/sandbox-basemap";
import { watchStreetStyle } from "./basemap/street-style-watch";
import { type GeoJSONSource, MapLibreMap, NavigationControl, type StyleSpecification } from "./maplibre";
import { type MapTheme, styleFollowsTheme, styleUrlFor } from "./map-theme";

/**
 * A MapLibre map in a container: the configured street style in the current theme, or the built-in basemap when none
 * is configured or the style cannot be reached (then once per map, a notice says so). Layers the pages add are named
 * with OVERLAY_PREFIX, so a new style (another theme's, or the built-in one) keeps them.
 */

export const OVERLAY_PREFIX = "dash-";

const isOverlay = (id: string) => id.startsWith(OVERLAY_PREFIX);

/** Keeps the page's own sources and layers when a new style replaces the old one. */
function keepOverlays(previous: StyleSpecification | undefined, next: StyleSpecification): StyleSpecification {
  if (!previous) return next;
  const sources = Object.fromEntries(Object.entries(previous.sources).filter(([id]) => isOverlay(id)));
  return {
    ...next,
    sources: { ...next.sources, ...sources },
    layers: [...next.layers, ...previous.layers.filter((layer) => isOverlay(layer.id))],
  };
}

/** A street style found unreachable once: the page's next maps start on the built-in basemap. */
let streetStyleUnreachable = false;

/** The page's maps, for the browser tests to read what any map's basemap drew. */
const liveMaps = new Set<MapLibreMap>();

/**
 * What the map draws under the page's layers: the street style, the built-in basemap by configuration, or the
 * built-in basemap because the street style could not be reached.
 */
type Basemap = "street" | "builtin" | "fallback";

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
  const [basemap, setBasemap] = useState<Basemap>("builtin");
  // The theme at creation time; later changes are applied in place by the effect below.
  const [initialTheme] = useState(theme);
  const themeRef = useRef(theme);
  // The theme of the street style last asked for: a switch asks for the other theme's style.
  const styledTheme = useRef(theme);
  useEffect(() => {
    themeRef.current = theme;
  }, [theme]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const street = styleUrl !== undefined && !streetStyleUnreachable ? styleUrl : undefined;
    const origin = window.location.origin;
    const instance = new MapLibreMap({
      container,
      style: street ? styleUrlFor(street, initialTheme) : builtinStyle(initialTheme, origin),
      center: [-98.5, 39.8],
      zoom: 3,
      // The street style's sources carry their attribution (OpenStreetMap's); the built-in basemap's need none.
      attributionControl: street ? { compact: true } : false,
      dragRotate: false,
      pitchWithRotate: false,
      touchPitch: false,
      fadeDuration: 0,
    });
    instance.touchZoomRotate.disableRotation();
    instance.addControl(new NavigationControl({ showCompass: false }), "top-right");
    const show = (drawn: Basemap) => {
      container.dataset.basemap = drawn;
      setBasemap(drawn);
    };
    show(street ? "street" : styleUrl !== undefined ? "fallback" : "builtin");
    if (!street && styleUrl !== undefined) instance.addControl(new BasemapNotice(), "top-left");

    let stopSandbox = () => {};
    // The built-in basemap's data, after its style loaded: the map's "load" (and so the page's layers) would wait for it.
    const fillBuiltin = () => {
      instance.getSource<GeoJSONSource>(COUNTRIES_SOURCE)?.setData(COUNTRIES_URL);
      stopSandbox();
      stopSandbox = followSandboxBasemap(instance);
    };
    const fallBack = () => {
      streetStyleUnreachable = true;
      const loaded = instance.isStyleLoaded();
      instance.once("style.load", fillBuiltin);
      // A style that never loaded has none of the page's layers yet (they wait for "load"), and could not hand them on.
      instance.setStyle(builtinStyle(themeRef.current, origin), {
        diff: false,
        ...(loaded ? { transformStyle: keepOverlays } : {}),
      });
      instance.addControl(new BasemapNotice(), "top-left");
      show("fallback");
    };
    const stopWatching = street ? watchStreetStyle(instance, isOverlay, fallBack) : () => {};

    instance.once("load", () => {
      if (!street) fillBuiltin();
      setReady(true);
    });
    instance.on("error", (event) => {
      if ("sourceId" in event && event.sourceId === COUNTRIES_SOURCE) setError("the basemap could not be loaded");
    });
    instance.on("style.load", () => setStyleVersion((version) => version + 1));
    liveMaps.add(instance);
    const hideForTests = exposeForTests("baseMaps", liveMaps);
    setMap(instance);
    return () => {
      liveMaps.delete(instance);
      if (liveMaps.size === 0) hideForTests();
      stopWatching();
      stopSandbox();
      instance.remove();
      setMap(null);
      setReady(false);
    };
  }, [containerRef, styleUrl, initialTheme]);

  useEffect(() => {
    if (!map || !ready) return;
    if (basemap !== "street") {
      if (map.isStyleLoaded()) paintBuiltinBasemap(map, theme);
    } else if (styleUrl && styleFollowsTheme(styleUrl) && styledTheme.current !== theme) {
      styledTheme.current = theme;
      map.setStyle(styleUrlFor(styleUrl, theme), { transformStyle: keepOverlays });
    }
  }, [map, ready, basemap, styleUrl, theme]);

  return { map, ready, styleVersion, error };
}
