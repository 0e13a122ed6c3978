"use client";

import { useTheme } from "next-themes";
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { readChartTheme } from "@/components/telemetry/history-chart-options";
import { type UsageDay } from "@/lib/models/usage";
import { SERVICE_LABELS } from "@/lib/protocol";

/**
 * Credits per day as bars, one series per service stacked by drawing each bar at its running total (uPlot, the
 * charting library the history chart uses). The canvas is hidden from assistive technology: the table beside it has
 * the same figures in text.
 */

const CHART_HEIGHT = 200;
const DAY_SECONDS = 86_400;
/** Distinct enough for a few services; the first is the theme's primary. */
const EXTRA_COLOURS = ["#d97706", "#0f766e", "#9333ea", "#dc2626"];

type UsageChartElement = HTMLDivElement & { uplot?: uPlot };

export function UsageChart({ days }: { days: readonly UsageDay[] }) {
  const holder = useRef<UsageChartElement>(null);
  const { resolvedTheme } = useTheme();

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const theme = readChartTheme(element);
    const services = [...new Set(days.flatMap((day) => Object.keys(day.byService)))] as (keyof typeof SERVICE_LABELS)[];
    const x = days.map((day) => Date.parse(`${day.day}T12:00:00Z`) / 1000);
    // Running totals, so that the later series' bars stand on the earlier ones'.
    const stacked: number[][] = [];
    services.forEach((service, index) => {
      stacked.push(days.map((day, i) => (stacked[index - 1]?.[i] ?? 0) + (day.byService[service] ?? 0)));
    });
    const bars = uPlot.paths.bars?.({ size: [0.7, 48] });
    const series: uPlot.Series[] = [{}];
    // Drawn last first, so the shorter running totals paint over the taller ones.
    const order = services.map((_, index) => index).reverse();
    for (const index of order) {
      const service = services[index] as keyof typeof SERVICE_LABELS;
      series.push({
        label: SERVICE_LABELS[service],
        stroke: index === 0 ? theme.line : (EXTRA_COLOURS[(index - 1) % EXTRA_COLOURS.length] ?? theme.line),
        fill: index === 0 ? theme.line : (EXTRA_COLOURS[(index - 1) % EXTRA_COLOURS.length] ?? theme.line),
        paths: bars,
        points: { show: false },
      });
    }
    const data = [x, ...order.map((index) => stacked[index] ?? [])] as uPlot.AlignedData;
    const axis = {
      stroke: theme.text,
      grid: { stroke: theme.grid, width: 1 },
      ticks: { stroke: theme.grid },
      font: theme.font,
    };
    const first = x[0] ?? 0;
    const last = x.at(-1) ?? first;
    const chart = new uPlot(
      {
        width: element.clientWidth || 600,
        height: CHART_HEIGHT,
        // The table below names each day's services in text.
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: {
          x: { time: true, range: [first - DAY_SECONDS / 2, last + DAY_SECONDS / 2] },
          y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] },
        },
        axes: [
          // A tick at each bar; a week apart over a long range.
          {
            ...axis,
            splits: () => x.filter((_, i) => x.length <= 14 || i % 7 === 0),
            values: (_u, ticks) => ticks.map((tick) => new Date(tick * 1000).toISOString().slice(5, 10)),
          },
          { ...axis, label: "Credits", size: 56 },
        ],
        series,
      },
      data,
      element,
    );
    element.uplot = chart;
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth || 600, height: CHART_HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
      delete element.uplot;
    };
  }, [days, resolvedTheme]);

  // The chart's height is held before it draws, so the tables below do not move when it comes.
  return (
    <div
      ref={holder}
      aria-hidden="true"
      data-testid="usage-chart"
      className="w-full"
      style={{ height: CHART_HEIGHT }}
    />
  );
}
