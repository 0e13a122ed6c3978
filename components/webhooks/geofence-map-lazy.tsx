"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

/**
 * The geofence helper's map, loaded only when the helper is shown for a location metric and only in the browser:
 * MapLibre is large, and the webhook form's own script should not carry it.
 */
export const GeofenceMapLazy = dynamic(() => import("./geofence-map").then((module) => module.GeofenceMap), {
  ssr: false,
  loading: () => <Skeleton className="h-64 w-full" />,
});
