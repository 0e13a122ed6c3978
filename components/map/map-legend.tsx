/** What the markers mean. */
export function MapLegend() {
  return (
    <div className="pointer-events-none absolute bottom-2 left-2 flex gap-3 rounded-md bg-card/90 px-2 py-1 text-xs shadow-sm">
      <span className="flex items-center gap-1">
        <span className="size-2.5 rounded-full border border-white bg-[#16a34a]" aria-hidden /> start
      </span>
      <span className="flex items-center gap-1">
        <span className="size-2.5 rounded-full border border-white bg-[#dc2626]" aria-hidden /> end
      </span>
      <span className="flex items-center gap-1">
        <span className="size-2.5 rounded-full border border-[#16a34a] bg-[#16a34a]/35" aria-hidden /> estimated start
      </span>
    </div>
  );
}
