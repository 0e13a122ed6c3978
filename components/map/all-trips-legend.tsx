import { formatNumber } from "@/lib/format/numbers";
import type { AllTripsView } from "./all-trips-views";
import { COUNT_STEPS, clusterColors, clusterRadii } from "./cluster-layers";
import { RAMP_STOPS } from "./gl/density-heat";
import { MAP_PALETTES, type MapTheme } from "./map-theme";

/** The ranges of trips a cluster's size and colour stand for: `1–9`, `10–99`, …, `10,000+`. */
function countRanges(): string[] {
  const bounds = [1, ...COUNT_STEPS];
  return bounds.map((low, i) => {
    const next = bounds[i + 1];
    return next === undefined ? `${formatNumber(low)}+` : `${formatNumber(low)}–${formatNumber(next - 1)}`;
  });
}

/** A legend's items for the clusters' sizes and colours, from the smallest range to the largest. */
export function ClusterSizeItems({ theme }: { theme: MapTheme }) {
  const colors = clusterColors(theme);
  const radii = clusterRadii();
  return (
    <>
      {countRanges().map((range, i) => {
        const size = Math.round((radii[i] ?? 10) * 1.2);
        return (
          <li key={range} className="flex items-center gap-2">
            <span className="inline-flex w-8 justify-center" aria-hidden>
              <span
                className="inline-block rounded-full border border-white/80"
                style={{ width: size, height: size, background: colors[i] }}
              />
            </span>
            {range}
          </li>
        );
      })}
    </>
  );
}

/** What the circles' sizes and colours, the density's colours or the lines stand for; drawn over the map's corner. */
export function AllTripsLegend({ view, theme }: { view: AllTripsView; theme: MapTheme }) {
  const box =
    "absolute bottom-2 left-2 z-10 rounded-md border border-border bg-background/90 px-2.5 py-2 text-xs shadow-sm";
  if (view === "density") {
    const gradient = MAP_PALETTES[theme].heat.map((colour, i) => `${colour} ${(RAMP_STOPS[i] ?? 1) * 100}%`).join(", ");
    return (
      <div className={box} data-testid="all-trips-legend" data-view="density">
        <p className="mb-1 font-medium">Trip starts and ends</p>
        <div
          className="h-2.5 w-40 rounded-sm"
          style={{ background: `linear-gradient(to right, ${gradient})` }}
          aria-hidden
        />
        <div className="mt-0.5 flex w-40 justify-between text-muted-foreground">
          <span>fewer</span>
          <span>more</span>
        </div>
      </div>
    );
  }
  if (view === "lines") {
    return (
      <div className={box} data-testid="all-trips-legend" data-view="lines">
        <p className="mb-1 font-medium">Trips, start to end</p>
        <div className="flex items-center gap-2">
          <span className="inline-block h-px w-8" style={{ background: MAP_PALETTES[theme].trip }} aria-hidden />
          <span className="text-muted-foreground">one trip, straight; brighter where many overlap</span>
        </div>
      </div>
    );
  }
  return (
    <div className={box} data-testid="all-trips-legend" data-view="clusters">
      <p className="mb-1 font-medium">Trips starting in a circle</p>
      <ul className="flex flex-col gap-1">
        <ClusterSizeItems theme={theme} />
        <li className="flex items-center gap-2">
          <span className="inline-flex w-8 justify-center" aria-hidden>
            <span className="inline-block size-2.5 rounded-full" style={{ background: MAP_PALETTES[theme].start }} />
          </span>
          one trip (zoomed in)
        </li>
      </ul>
    </div>
  );
}
