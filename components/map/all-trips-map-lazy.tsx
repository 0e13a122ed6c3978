"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

/** The all-trips map, loaded after the page and only in the browser. */
export const AllTripsMapLazy = dynamic(() => import("./all-trips-map").then((module) => module.AllTripsMap), {
  ssr: false,
  loading: () => <Skeleton className="h-[560px] w-full" />,
});
