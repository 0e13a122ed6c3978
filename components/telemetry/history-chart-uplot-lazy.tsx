"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

/**
 * The Overview's history chart with its charting library, loaded when the panel first has data to draw, so the
 * Overview's first load does not carry it. The placeholder takes the chart's place and height.
 */
export const HistoryChartUplotLazy = dynamic(
  () => import("./history-chart-uplot").then((module) => module.HistoryChartUplot),
  { ssr: false, loading: () => <Skeleton className="h-[256px] w-full" /> },
);
