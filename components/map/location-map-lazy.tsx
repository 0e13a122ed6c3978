"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

/** The Overview's location map, loaded after the page (MapLibre is large) and only in the browser. */
export const LocationMapLazy = dynamic(() => import("./location-map").then((module) => module.LocationMap), {
  ssr: false,
  loading: () => <Skeleton className="h-56 w-full" />,
});
