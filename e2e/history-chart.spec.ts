import { type Page } from "@playwright/test";
import type uPlot from "uplot";
import { expect, test } from "./fixtures/test";
import { TESLA } from "./fixtures/trips";
import { sandboxTelemetry } from "./fixtures/telemetry";

/**
 * The Overview's signal history as drawn: the axis and the series read from the chart's own uPlot instance (the
 * element it draws into holds it), the hours without data compared with what the sandbox's Telemetry API serves.
 */

interface DrawnChart {
  yMin: number;
  yLabel: string;
  times: number[];
  values: (number | null)[];
}

async function openSpeedHistory(page: Page) {
  await page.goto(`/vehicles/${TESLA}`);
  const panel = page.getByTestId("history-panel");
  await expect(panel).toHaveAttribute("data-state", "ready");
  await expect(page.getByTestId("history-signal")).toHaveValue("speed");
  const chart = panel.getByTestId("history-chart");
  await expect(chart).toHaveAttribute("data-drawn", "true");
  return chart;
}

async function drawnChart(page: Page): Promise<DrawnChart> {
  return page.getByTestId("history-chart").evaluate((element) => {
    const chart = (element as HTMLElement & { uplot: uPlot }).uplot;
    return {
      yMin: chart.scales.y?.min ?? Number.NaN,
      yLabel: String(chart.axes[1]?.label ?? ""),
      times: [...(chart.data[0] as number[])],
      values: [...(chart.data[1] as (number | null)[])],
    };
  });
}

/** The longest run of buckets without a reading between two buckets with one: [first null index, last]. */
function longestInnerGap(values: readonly (number | null)[]): [number, number] | null {
  let best: [number, number] | null = null;
  let runStart = -1;
  values.forEach((value, index) => {
    if (value === null && runStart < 0 && index > 0 && values[index - 1] !== null) runStart = index;
    if (value !== null && runStart >= 0) {
      if (!best || index - 1 - runStart > best[1] - best[0]) best = [runStart, index - 1];
      runStart = -1;
    }
  });
  return best;
}

test.describe("the signal history chart", () => {
  test("the speed history's axis starts at 0, in km/h", async ({ page }) => {
    await openSpeedHistory(page);
    const drawn = await drawnChart(page);
    const readings = drawn.values.filter((value): value is number => value !== null);
    expect(readings.length).toBeGreaterThan(0);
    expect(drawn.yMin).toBe(0);
    expect(drawn.yLabel).toBe("km/h");
  });

  test("hours parked show no line: the chart's buckets there are empty, and nothing is drawn across them", async ({
    page,
  }) => {
    const chart = await openSpeedHistory(page);
    const drawn = await drawnChart(page);
    const gap = longestInnerGap(drawn.values);
    expect(gap).not.toBeNull();
    const [first, last] = gap ?? [0, 0];
    const [gapFrom, gapTo] = [drawn.times[first] ?? 0, (drawn.times[last] ?? 0) + 300];
    // At least an hour with no reading, between two drives.
    expect(gapTo - gapFrom).toBeGreaterThanOrEqual(3_600);

    // The sandbox sent no speed then, and the vehicle was parked: its ignition reads off in every bucket it has there.
    const { signals } = await sandboxTelemetry<{
      signals: { timestamp: string; speed: number | null; isIgnitionOn: number | null }[];
    }>(
      TESLA,
      [1, 4],
      `query($tokenId: Int!, $from: Time!, $to: Time!) { signals(tokenId: $tokenId, interval: "5m", from: $from, to: $to) { timestamp speed(agg: MAX) isIgnitionOn(agg: MAX) } }`,
      { from: new Date(gapFrom * 1000).toISOString(), to: new Date(gapTo * 1000).toISOString() },
    );
    expect(signals.filter((row) => row.speed !== null)).toEqual([]);
    const ignition = signals.map((row) => row.isIgnitionOn).filter((value) => value !== null);
    expect(ignition.length).toBeGreaterThan(0);
    expect(new Set(ignition)).toEqual(new Set([0]));

    // No pixel of the line's colour in the plot's column at the middle of the gap.
    const lineColoured = await chart.evaluate(
      (element, middle) => {
        const chart = (element as HTMLElement & { uplot: uPlot }).uplot;
        const x = Math.round(chart.valToPos(middle, "x", true));
        const { top, height } = chart.bbox;
        const pixels = chart.ctx.getImageData(x, top, 1, height).data;
        const line = getComputedStyle(element).getPropertyValue("--primary").trim();
        const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(line.slice(at, at + 2), 16));
        let count = 0;
        for (let at = 0; at < pixels.length; at += 4) {
          const close =
            Math.abs((pixels[at] ?? 0) - (r ?? 0)) +
              Math.abs((pixels[at + 1] ?? 0) - (g ?? 0)) +
              Math.abs((pixels[at + 2] ?? 0) - (b ?? 0)) <
            60;
          if (close && (pixels[at + 3] ?? 0) > 128) count += 1;
        }
        return { count, height };
      },
      (gapFrom + gapTo) / 2,
    );
    expect(lineColoured.height).toBeGreaterThan(0);
    expect(lineColoured.count).toBe(0);
  });

  test("shows a bucket's value and time under the pointer, and zooms into a dragged range and back", async ({
    page,
  }) => {
    const chart = await openSpeedHistory(page);
    const drawn = await drawnChart(page);
    const reading = drawn.values.findIndex((value) => value !== null);
    await chart.scrollIntoViewIfNeeded();
    const at = await chart.evaluate((element, index) => {
      const chart = (element as HTMLElement & { uplot: uPlot }).uplot;
      const over = chart.over.getBoundingClientRect();
      const time = chart.data[0][index] ?? 0;
      return { x: over.left + chart.valToPos(time + 60, "x"), y: over.top + over.height / 2, over };
    }, reading);
    await page.mouse.move(at.x, at.y);
    const tooltip = page.getByTestId("history-tooltip");
    await expect(tooltip).toContainText("km/h");

    await page.mouse.move(at.over.left + at.over.width * 0.3, at.y);
    await page.mouse.down();
    await page.mouse.move(at.over.left + at.over.width * 0.6, at.y, { steps: 5 });
    await page.mouse.up();
    await expect(chart).toHaveAttribute("data-zoomed", "true");
    const zoomed = await chart.evaluate((element) => {
      const chart = (element as HTMLElement & { uplot: uPlot }).uplot;
      return (chart.scales.x?.max ?? 0) - (chart.scales.x?.min ?? 0);
    });
    const whole = (drawn.times.at(-1) ?? 0) - (drawn.times[0] ?? 0);
    expect(zoomed).toBeLessThan(whole * 0.5);

    await page.getByTestId("history-zoom-reset").click();
    await expect(chart).toHaveAttribute("data-zoomed", "false");
  });
});
