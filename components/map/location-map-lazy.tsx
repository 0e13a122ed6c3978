"use client";

import dynamic from "next/dynamic";

/** The Overview's location map, loaded after the page (MapLibre is large), over its preview (map-gate.tsx), and only in the browser. */
export const LocationMapLazy = dynamic(() => import("./location-map").then((module) => module.LocationMap), {
  ssr: false,
});
