import { SPEED_STOPS, speedGradientCss } from "@/lib/geo/speed-colours";

/** What the markers and lines mean; the dashed line only when some trip on the map is drawn straight. */
export function MapLegend({
  straight = false,
  loading = false,
  speedScale = false,
}: {
  straight?: boolean;
  loading?: boolean;
  speedScale?: boolean;
}) {
  return (
    <div
      className="pointer-events-none absolute bottom-2 left-2 flex flex-wrap gap-3 rounded-md bg-card/90 px-2 py-1 text-xs shadow-sm"
      data-testid="map-legend"
    >
      <span className="flex items-center gap-1">
        <span className="size-2.5 rounded-full border border-white bg-[#16a34a]" aria-hidden /> start
      </span>
      <span className="flex items-center gap-1">
        <span className="size-2.5 rounded-full border border-white bg-[#dc2626]" aria-hidden /> end
      </span>
      <span className="flex items-center gap-1">
        <span className="size-2.5 rounded-full border border-[#16a34a] bg-[#16a34a]/35" aria-hidden /> estimated start
      </span>
      {straight ? (
        <span className="flex items-center gap-1" data-testid="legend-straight">
          <span className="w-4 border-t-2 border-dashed border-current" aria-hidden /> straight line: route not known
        </span>
      ) : null}
      {speedScale ? (
        <span className="flex items-center gap-1" data-testid="legend-speed">
          <span>selected trip, km/h:</span>
          <span>{SPEED_STOPS[0]?.[0]}</span>
          <span className="h-2 w-20 rounded-sm" style={{ background: speedGradientCss() }} aria-hidden />
          <span>{SPEED_STOPS.at(-1)?.[0]}+</span>
        </span>
      ) : null}
      {loading ? <span data-testid="legend-routes-loading">loading routes…</span> : null}
    </div>
  );
}
