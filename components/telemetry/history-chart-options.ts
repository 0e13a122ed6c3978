import uPlot from "uplot";

/**
 * The history chart's uPlot options: a stepped line (an aggregate holds for its whole bucket) that breaks at buckets
 * without a reading, a value axis in the signal's unit, the trips shaded behind the line and ticked under the time
 * axis, drag across to zoom in, and (for a replay) a marker at the replayed moment. Colours and font are the site's,
 * read from its CSS variables when the chart is made.
 */

interface ChartTheme {
  line: string;
  text: string;
  grid: string;
  trip: string;
  marker: string;
  font: string;
}

/** The site's colours for the current theme (app/globals.css), as the canvas needs them. */
export function readChartTheme(element: HTMLElement): ChartTheme {
  const style = getComputedStyle(element);
  const variable = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    line: variable("--primary", "#2f49d8"),
    text: variable("--muted-foreground", "#5b6475"),
    grid: variable("--border", "#e2e6ee"),
    trip: variable("--muted-foreground", "#5b6475"),
    marker: variable("--foreground", "#0b1220"),
    font: `11px ${style.fontFamily || "sans-serif"}`,
  };
}

interface HistoryChartOptionsInput {
  width: number;
  height: number;
  label: string;
  unit: string;
  range: [number, number];
  theme: ChartTheme;
  /** Whether the time axis's ticks fall on UTC's hours and midnights rather than the browser's. */
  utc: boolean;
  /** Trips as [start, end] in seconds. */
  trips: readonly (readonly [number, number])[];
  /** A time-axis tick, given the ticks' spacing in seconds. */
  formatTick: (seconds: number, spacing: number) => string;
  onCursor: (chart: uPlot) => void;
  onZoom: (chart: uPlot) => void;
  /** The moment to mark with a vertical line, in seconds, read at each draw; none when absent or null. */
  marker?: () => number | null;
}

const TRIP_TICK_PX = 5;

/** Each trip as a faint band across the plot, and a solid tick under it along the time axis. */
function drawTrips(chart: uPlot, trips: HistoryChartOptionsInput["trips"], colour: string) {
  const { ctx, bbox } = chart;
  const xMin = chart.scales.x?.min ?? 0;
  const xMax = chart.scales.x?.max ?? 0;
  ctx.save();
  ctx.fillStyle = colour;
  for (const [start, end] of trips) {
    if (end < xMin || start > xMax) continue;
    const left = chart.valToPos(Math.max(start, xMin), "x", true);
    const right = chart.valToPos(Math.min(end, xMax), "x", true);
    const width = Math.max(2 * devicePixelRatio, right - left);
    ctx.globalAlpha = 0.1;
    ctx.fillRect(left, bbox.top, width, bbox.height);
    ctx.globalAlpha = 0.7;
    ctx.fillRect(left, bbox.top + bbox.height, width, TRIP_TICK_PX * devicePixelRatio);
  }
  ctx.restore();
}

/** The marked moment as a line across the plot, when it is in the shown time range. */
function drawMarker(chart: uPlot, seconds: number | null | undefined, colour: string) {
  const xMin = chart.scales.x?.min ?? 0;
  const xMax = chart.scales.x?.max ?? 0;
  if (seconds == null || seconds < xMin || seconds > xMax) return;
  const { ctx, bbox } = chart;
  const x = Math.round(chart.valToPos(seconds, "x", true));
  ctx.save();
  ctx.fillStyle = colour;
  ctx.fillRect(x - devicePixelRatio, bbox.top, 2 * devicePixelRatio, bbox.height);
  ctx.restore();
}

/** A lone bucket between two gaps draws no step: it is shown as a dot. */
function loneBuckets(chart: uPlot, seriesIndex: number): number[] {
  const values = chart.data[seriesIndex] ?? [];
  const lone: number[] = [];
  values.forEach((value, index) => {
    if (value != null && values[index - 1] == null && values[index + 1] == null) lone.push(index);
  });
  return lone;
}

export function historyChartOptions(input: HistoryChartOptionsInput): uPlot.Options {
  const { theme } = input;
  const axis = { stroke: theme.text, font: theme.font, labelFont: theme.font, ticks: { stroke: theme.grid } };
  return {
    width: input.width,
    height: input.height,
    legend: { show: false },
    ...(input.utc ? { tzDate: (seconds: number) => uPlot.tzDate(new Date(seconds * 1000), "Etc/UTC") } : {}),
    padding: [8, 32, 0, 0],
    cursor: {
      drag: { x: true, y: false, setScale: true },
      points: { show: false },
      y: false,
    },
    select: { show: true, left: 0, top: 0, width: 0, height: 0 },
    scales: { x: { time: true }, y: { range: () => input.range } },
    axes: [
      {
        ...axis,
        grid: { stroke: theme.grid, width: 1 },
        gap: TRIP_TICK_PX + 4,
        // Room for a date or a time under each tick.
        space: 96,
        values: (_chart, ticks, _axis, _space, spacing) => ticks.map((tick) => input.formatTick(tick, spacing)),
      },
      {
        ...axis,
        label: input.unit,
        labelSize: input.unit ? 18 : 0,
        size: 48,
        grid: { stroke: theme.grid, width: 1 },
      },
    ],
    series: [
      {},
      {
        label: input.label,
        stroke: theme.line,
        width: 2,
        spanGaps: false,
        paths: uPlot.paths.stepped?.({ align: 1 }),
        points: { show: false, size: 5, fill: theme.line, filter: (chart, index) => loneBuckets(chart, index) },
      },
    ],
    hooks: {
      drawClear: [(chart) => drawTrips(chart, input.trips, theme.trip)],
      draw: [(chart) => drawMarker(chart, input.marker?.(), theme.marker)],
      setCursor: [input.onCursor],
      setScale: [(chart, key) => key === "x" && input.onZoom(chart)],
    },
  };
}
