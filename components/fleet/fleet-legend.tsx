import { ClusterSizeItems } from "@/components/map/all-trips-legend";
import { MAP_PALETTES, type MapTheme } from "@/components/map/map-theme";

/** What the fleet map's circles and points stand for; drawn over the map's corner. */
export function FleetLegend({ theme }: { theme: MapTheme }) {
  const start = MAP_PALETTES[theme].start;
  return (
    <div
      className="absolute bottom-2 left-2 z-10 rounded-md border border-border bg-background/90 px-2.5 py-2 text-xs shadow-sm"
      data-testid="fleet-legend"
    >
      <p className="mb-1 font-medium">Vehicles in a circle</p>
      <ul className="flex flex-col gap-1">
        <ClusterSizeItems theme={theme} />
        <li className="flex items-center gap-2">
          <span className="inline-flex w-8 justify-center" aria-hidden>
            <span className="inline-block size-2.5 rounded-full border border-white" style={{ background: start }} />
          </span>
          one vehicle, exact position
        </li>
        <li className="flex items-center gap-2">
          <span className="inline-flex w-8 justify-center" aria-hidden>
            <span
              className="inline-block size-4 rounded-full border border-white"
              style={{ background: start, opacity: 0.35 }}
            />
          </span>
          one vehicle, approximate position
        </li>
      </ul>
    </div>
  );
}
