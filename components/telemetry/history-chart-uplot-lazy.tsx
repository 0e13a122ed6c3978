"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

/**
 * The history chart with its charting library, loaded when a panel first has data to draw (the Overview's history, a
 * trip's replay), so no page's first load carries it. The placeholder takes the chart's place and height.
 */
export const HistoryChartUplotLazy = dynamic(
  () => import("./history-chart-uplot").then((module) => module.HistoryChartUplot),
  { ssr: false, loading: () => <Skeleton className="h-[256px] w-full" /> },
);
