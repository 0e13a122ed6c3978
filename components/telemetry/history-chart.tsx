"use client";

import { type SignalPoint } from "@/lib/models";

/**
 * A step chart of one signal's buckets in plain SVG: a few hundred points need no charting library, and SVG costs
 * the bundle nothing, scales with the page and follows the theme through currentColor. Each bucket is drawn across
 * its own interval at its value, since an aggregate holds for the whole bucket, not for a point; a gap of more than
 * two buckets (the vehicle parked, sending nothing) breaks the line rather than drawing across it. Trips, when given,
 * are marked along the time axis, so a burst of values reads as the drive it was.
 */

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 12, right: 12, bottom: 28, left: 56 };

export interface HistoryChartProps {
  points: readonly SignalPoint[];
  intervalMs: number;
  from: string;
  to: string;
  label: string;
  formatValue: (value: number) => string;
  formatTime: (iso: string) => string;
  /** A moment to mark with a vertical line (epoch ms), as a replay's position; none when absent. */
  cursorMs?: number;
  /** A smaller chart (the trip panel's), 640 by this many units. */
  height?: number;
  /** Trips to mark along the time axis (ISO start and end); none when absent. */
  trips?: readonly { id: string; start: string; end: string }[];
}

/** The run as steps: across each bucket at its value, then straight up or down to the next bucket's value. */
function stepPath(
  run: readonly SignalPoint[],
  intervalMs: number,
  x: (ms: number) => number,
  y: (v: number) => number,
) {
  return run
    .map((point, index) => {
      const start = Date.parse(point.timestamp);
      const move = index === 0 ? "M" : "L";
      return `${move}${x(start).toFixed(1)},${y(point.value).toFixed(1)} H${x(start + intervalMs).toFixed(1)}`;
    })
    .join(" ");
}

function segmentsOf(points: readonly SignalPoint[], intervalMs: number): SignalPoint[][] {
  const runs: SignalPoint[][] = [];
  let previous: number | null = null;
  for (const point of points) {
    const time = Date.parse(point.timestamp);
    if (previous === null || time - previous > 2 * intervalMs) runs.push([]);
    runs.at(-1)?.push(point);
    previous = time;
  }
  return runs;
}

export function HistoryChart({
  points,
  intervalMs,
  from,
  to,
  label,
  formatValue,
  formatTime,
  cursorMs,
  height = HEIGHT,
  trips = [],
}: HistoryChartProps) {
  const HEIGHT = height;
  const start = Date.parse(from);
  const end = Date.parse(to);
  const values = points.map((point) => point.value);
  let min = Math.min(...values);
  let max = Math.max(...values);
  if (min === max) {
    min -= 1;
    max += 1;
  }
  const xAt = (ms: number) =>
    PAD.left +
    ((Math.min(Math.max(ms, start), end) - start) / Math.max(1, end - start)) * (WIDTH - PAD.left - PAD.right);
  const x = (iso: string) => xAt(Date.parse(iso));
  const y = (value: number) => PAD.top + (1 - (value - min) / (max - min)) * (HEIGHT - PAD.top - PAD.bottom);
  const runs = segmentsOf(points, intervalMs);
  const shownTrips = trips.filter((trip) => Date.parse(trip.end) >= start && Date.parse(trip.start) <= end);
  const axisY = HEIGHT - PAD.bottom;

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="h-auto w-full text-primary"
      aria-hidden
      data-testid="history-chart"
      data-points={points.length}
      data-label={label}
      data-from={from}
      data-to={to}
    >
      <g className="text-muted-foreground" fill="currentColor" fontSize="11">
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(max)} y2={y(max)} stroke="currentColor" strokeOpacity={0.25} />
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(min)} y2={y(min)} stroke="currentColor" strokeOpacity={0.25} />
        <text x={PAD.left - 6} y={y(max) + 4} textAnchor="end">
          {formatValue(max)}
        </text>
        <text x={PAD.left - 6} y={y(min) + 4} textAnchor="end">
          {formatValue(min)}
        </text>
        <text x={PAD.left} y={HEIGHT - 8}>
          {formatTime(from)}
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 8} textAnchor="end">
          {formatTime(to)}
        </text>
      </g>
      {cursorMs !== undefined ? (
        <line
          data-testid="chart-cursor"
          data-cursor-ms={Math.round(cursorMs)}
          x1={x(new Date(cursorMs).toISOString())}
          x2={x(new Date(cursorMs).toISOString())}
          y1={PAD.top}
          y2={HEIGHT - PAD.bottom}
          className="text-foreground"
          stroke="currentColor"
          strokeWidth={1.5}
        />
      ) : null}
      <g className="text-muted-foreground" data-testid="history-trips" data-count={shownTrips.length}>
        {shownTrips.map((trip) => (
          <rect
            key={trip.id}
            data-testid="history-trip"
            x={xAt(Date.parse(trip.start))}
            y={axisY + 2}
            width={Math.max(2, xAt(Date.parse(trip.end)) - xAt(Date.parse(trip.start)))}
            height={5}
            rx={1}
            fill="currentColor"
            fillOpacity={0.6}
          />
        ))}
      </g>
      {runs.map((run) => (
        <path
          key={run[0]?.timestamp}
          data-testid="history-line"
          d={stepPath(run, intervalMs, xAt, y)}
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      ))}
    </svg>
  );
}
