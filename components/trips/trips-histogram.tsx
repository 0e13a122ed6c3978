"use client";

import { useState } from "react";
import { formatNumber } from "@/lib/format/numbers";
import { formatDate, midnightAfter } from "@/lib/format/time";
import type { DayCounts } from "./time-window";

/** More days than this and each bar holds several days, so that a bar stays wider than a pixel or two. */
const MAX_BARS = 180;
const HEIGHT = 44;

/** One sentence that says what the bars show, for everyone (and the only thing a screen reader needs). */
function histogramSummary({ firstDay, counts, zone }: DayCounts): string {
  if (counts.length === 0 || !Number.isFinite(firstDay)) return "No trips in this window.";
  const total = counts.reduce((sum, n) => sum + n, 0);
  const empty = counts.filter((n) => n === 0).length;
  let busiest = 0;
  counts.forEach((n, i) => {
    if (n > (counts[busiest] ?? 0)) busiest = i;
  });
  const days = counts.length === 1 ? "1 day" : `${formatNumber(counts.length)} days`;
  const day = (index: number) => formatDate(midnightAfter(firstDay, index, zone), zone);
  const span = `${day(0)} to ${day(counts.length - 1)}`;
  const gaps =
    empty === 0 ? "no day without trips" : `${formatNumber(empty)} ${empty === 1 ? "day" : "days"} without trips`;
  const top = total === 0 ? "" : `; the busiest day, ${day(busiest)}, had ${formatNumber(counts[busiest] ?? 0)}`;
  return `${formatNumber(total)} ${total === 1 ? "trip" : "trips"} over ${days} (${span}), ${gaps}${top}.`;
}

/** The bars as one SVG path, a bar a day (or a few) of width 0.8 in a unit slot, at least 2 units tall. */
function barsPath(bars: readonly number[], max: number): string {
  let path = "";
  bars.forEach((n, i) => {
    if (n === 0) return;
    const height = Math.max(2, (n / max) * HEIGHT);
    path += `M${i + 0.1} ${HEIGHT}v${-height.toFixed(2)}h0.8v${height.toFixed(2)}z`;
  });
  return path;
}

/** Trips per day as small bars above the map: a day without trips is a gap. */
export function TripsHistogram({ days }: { days: DayCounts }) {
  const [showTable, setShowTable] = useState(false);
  const { counts, firstDay, zone } = days;
  const perBar = Math.max(1, Math.ceil(counts.length / MAX_BARS));
  const bars: number[] = [];
  for (let i = 0; i < counts.length; i += perBar) bars.push(counts.slice(i, i + perBar).reduce((sum, n) => sum + n, 0));
  const max = Math.max(1, ...bars);
  const summary = histogramSummary(days);

  return (
    <figure className="flex flex-col gap-1" data-testid="trips-histogram" data-days={counts.length}>
      <svg
        viewBox={`0 0 ${Math.max(1, bars.length)} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-11 w-full text-primary"
        aria-hidden
      >
        <line
          x1={0}
          x2={bars.length}
          y1={HEIGHT - 0.5}
          y2={HEIGHT - 0.5}
          stroke="currentColor"
          strokeOpacity={0.25}
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
        />
        {/* One path for every bar: a new count changes one attribute, not hundreds of elements. */}
        <path d={barsPath(bars, max)} fill="currentColor" />
      </svg>
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
        <span data-testid="trips-histogram-summary">
          Trips per {perBar === 1 ? "day" : `${perBar} days`}: {summary}
        </span>
        {counts.length > 0 ? (
          <button
            type="button"
            className="underline underline-offset-2 hover:text-foreground"
            aria-expanded={showTable}
            onClick={() => setShowTable((open) => !open)}
          >
            {showTable ? "Hide the days" : "List the days"}
          </button>
        ) : null}
      </figcaption>
      {showTable ? (
        <div className="max-h-48 overflow-auto rounded-md border border-border">
          <table className="w-full text-xs" data-testid="trips-histogram-table">
            <caption className="sr-only">Trips per day</caption>
            <thead>
              <tr className="text-left text-muted-foreground">
                <th className="px-2 py-1 font-medium">Day</th>
                <th className="px-2 py-1 font-medium">Trips</th>
              </tr>
            </thead>
            <tbody>
              {counts.map((n, i) => (
                <tr key={i} className="border-t border-border">
                  <td className="px-2 py-0.5">{formatDate(midnightAfter(firstDay, i, zone), zone)}</td>
                  <td className="px-2 py-0.5 tabular-nums">{formatNumber(n)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </figure>
  );
}
