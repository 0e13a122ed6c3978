"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

/** The history chart, loaded when the panel first has data to draw, so the Overview's first load does not carry it. */
export const HistoryChartLazy = dynamic(() => import("./history-chart").then((module) => module.HistoryChart), {
  ssr: false,
  loading: () => <Skeleton className="aspect-[640/220] w-full" />,
});
