"use client";

import { useTheme } from "next-themes";
import { useEffect, useMemo, useRef, useState } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { Button } from "@/components/ui/button";
import { type TimeStyle } from "@/lib/format/time";
import { useTimeZoneChoice } from "@/lib/hooks/use-time-zone";
import { type SignalPoint } from "@/lib/models";
import { historySeries, valueRange } from "@/lib/signals/history-series";
import { historyChartOptions, readChartTheme } from "./history-chart-options";

/**
 * A signal's history, drawn with uPlot on a canvas (the Overview's history and a trip's speed under its replay):
 * buckets without data are gaps, a zero-based signal's axis starts at 0, the trips are marked on the time axis, a
 * replay's moment is a line across the plot, a pointer shows the bucket's value and time, and a drag zooms into a
 * time range. The canvas is hidden from assistive technology: the values are beside it in text.
 */

const HISTORY_CHART_HEIGHT = 220;
const DAY_SECONDS = 86_400;
const NO_TRIPS: NonNullable<HistoryChartUplotProps["trips"]> = [];

interface HistoryChartUplotProps {
  points: readonly SignalPoint[];
  intervalMs: number;
  from: string;
  to: string;
  label: string;
  /** The unit written on the value axis; empty for none. */
  unit: string;
  zeroBased: boolean;
  formatValue: (value: number) => string;
  formatTime: (time: string | number, style?: TimeStyle) => string;
  /** Trips to mark along the time axis (ISO start and end); none when absent. */
  trips?: readonly { id: string; start: string; end: string }[];
  /** A moment to mark with a line across the plot (epoch ms), as a replay's position; none when absent. */
  markerMs?: number;
}

interface Tooltip {
  left: number;
  top: number;
  value: string;
  time: string;
}

/** The element the chart draws into, with its uPlot instance for the browser tests to read. */
type HistoryChartElement = HTMLDivElement & { uplot?: uPlot };

export function HistoryChartUplot(props: HistoryChartUplotProps) {
  const { points, intervalMs, from, to, label, unit, zeroBased, formatValue, formatTime, markerMs } = props;
  const trips = props.trips ?? NO_TRIPS;
  const { resolvedTheme } = useTheme();
  const utc = useTimeZoneChoice() !== "local";
  const holder = useRef<HistoryChartElement>(null);
  const chart = useRef<uPlot | null>(null);
  const [tooltip, setTooltip] = useState<Tooltip | null>(null);
  const [zoomed, setZoomed] = useState(false);
  const series = useMemo(() => historySeries(points, intervalMs, from, to), [points, intervalMs, from, to]);
  const tripSpans = useMemo(
    () => trips.map((trip) => [Date.parse(trip.start) / 1000, Date.parse(trip.end) / 1000] as const),
    [trips],
  );
  const shownTrips = tripSpans.filter(
    ([start, end]) => end >= Date.parse(from) / 1000 && start <= Date.parse(to) / 1000,
  );
  // The formatters change with the time zone choice; read through a ref so a change redraws without a new chart.
  const format = useRef({ formatValue, formatTime });
  useEffect(() => {
    format.current = { formatValue, formatTime };
  });
  useEffect(() => chart.current?.redraw(false, true), [formatTime]);
  // The marker moves once a frame while a replay plays: a redraw from the paths already built, not a new chart.
  const markedSeconds = useRef<number | null>(null);
  useEffect(() => {
    markedSeconds.current = markerMs === undefined ? null : markerMs / 1000;
    chart.current?.redraw(false, false);
  }, [markerMs]);

  useEffect(() => {
    const element = holder.current;
    if (!element || series.times.length === 0) return;
    let made: uPlot | null = null;
    // next-themes switches the root's class after this effect runs: the colours are read on the next frame.
    const frame = requestAnimationFrame(() => {
      const options = historyChartOptions({
        width: Math.max(1, element.clientWidth),
        height: HISTORY_CHART_HEIGHT,
        label,
        unit,
        utc,
        range: valueRange(series.values, zeroBased),
        theme: readChartTheme(element),
        trips: tripSpans,
        marker: () => markedSeconds.current,
        formatTick: (seconds, spacing) =>
          format.current.formatTime(seconds * 1000, spacing >= DAY_SECONDS ? "date" : "time"),
        onCursor: (drawn) => {
          const index = drawn.cursor.idx;
          const value = index == null ? null : drawn.data[1]?.[index];
          const time = index == null ? null : drawn.data[0][index];
          if (index == null || value == null || time == null || drawn.cursor.left == null) return setTooltip(null);
          setTooltip({
            left: drawn.cursor.left + drawn.over.offsetLeft,
            top: drawn.valToPos(value, "y") + drawn.over.offsetTop,
            value: format.current.formatValue(value),
            time: format.current.formatTime(time * 1000),
          });
        },
        onZoom: (drawn) => {
          const [first, last] = [series.times[0], series.times.at(-1)];
          setZoomed((drawn.scales.x?.min ?? 0) > (first ?? 0) || (drawn.scales.x?.max ?? 0) < (last ?? 0));
        },
      });
      made = new uPlot(options, [series.times, series.values], element);
      chart.current = made;
      element.uplot = made;
      element.dataset.drawn = "true";
    });
    const resize = new ResizeObserver(() =>
      made?.setSize({ width: element.clientWidth, height: HISTORY_CHART_HEIGHT }),
    );
    resize.observe(element);
    return () => {
      cancelAnimationFrame(frame);
      resize.disconnect();
      made?.destroy();
      chart.current = null;
      delete element.uplot;
      delete element.dataset.drawn;
      setZoomed(false);
      setTooltip(null);
    };
  }, [series, zeroBased, label, unit, tripSpans, resolvedTheme, utc]);

  const resetZoom = () => {
    const first = series.times[0];
    const last = series.times.at(-1);
    if (first !== undefined && last !== undefined) chart.current?.setScale("x", { min: first, max: last });
  };

  return (
    <div className="flex flex-col gap-1">
      <div className="relative">
        <div
          ref={holder}
          aria-hidden
          className="w-full text-sm"
          style={{ height: HISTORY_CHART_HEIGHT }}
          data-testid="history-chart"
          data-label={label}
          data-from={from}
          data-to={to}
          data-points={points.length}
          data-buckets={series.times.length}
          data-trips={shownTrips.length}
          data-zoomed={zoomed}
          data-marker-ms={markerMs === undefined ? undefined : Math.round(markerMs)}
        />
        {tooltip ? (
          <div
            aria-hidden
            data-testid="history-tooltip"
            className="pointer-events-none absolute z-10 -translate-x-1/2 -translate-y-[calc(100%+8px)] rounded-md border border-border bg-card px-2 py-1 text-xs whitespace-nowrap shadow-sm"
            style={{ left: tooltip.left, top: tooltip.top }}
          >
            <div className="font-medium tabular-nums">{tooltip.value}</div>
            <div className="text-muted-foreground">{tooltip.time}</div>
          </div>
        ) : null}
      </div>
      <div className="flex min-h-8 items-center justify-between gap-2 text-xs text-muted-foreground">
        <span aria-hidden>Drag across the chart to zoom into a time range.</span>
        {zoomed ? (
          <Button type="button" size="sm" variant="secondary" onClick={resetZoom} data-testid="history-zoom-reset">
            Show the whole window
          </Button>
        ) : null}
      </div>
    </div>
  );
}
