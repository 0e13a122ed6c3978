"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

/** The fleet map, loaded after the page (MapLibre is large) and only in the browser, so the summary shows at once. */
export const FleetMapLazy = dynamic(() => import("./fleet-map").then((module) => module.FleetMap), {
  ssr: false,
  loading: () => <Skeleton className="h-[560px] w-full" />,
});
