"use client";

import dynamic from "next/dynamic";

/** The all-trips map, loaded after the page, over its preview (map-gate.tsx), and only in the browser. */
export const AllTripsMapLazy = dynamic(() => import("./all-trips-map").then((module) => module.AllTripsMap), {
  ssr: false,
});
