"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

/** The trips map, loaded after the page (MapLibre is large) and only in the browser. */
export const TripsMapLazy = dynamic(() => import("./trips-map").then((module) => module.TripsMap), {
  ssr: false,
  loading: () => <Skeleton className="h-full min-h-[420px] w-full" />,
});
