"use client";

import dynamic from "next/dynamic";

/** The trips map, loaded after the page (MapLibre is large), over its preview (map-gate.tsx), and only in the browser. */
export const TripsMapLazy = dynamic(() => import("./trips-map").then((module) => module.TripsMap), {
  ssr: false,
});
