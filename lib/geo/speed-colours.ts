/**
 * The selected trip's speed colours, stated once for the map's line expression and the legend's scale: blue when
 * crawling, through green and yellow, to red at highway speed. Chosen to stay apart on the light and dark basemaps.
 */

export const SPEED_STOPS: ReadonlyArray<readonly [kmh: number, colour: string]> = [
  [0, "#2563eb"],
  [20, "#0891b2"],
  [40, "#16a34a"],
  [60, "#ca8a04"],
  [80, "#ea580c"],
  [100, "#dc2626"],
];

/** A CSS gradient of the same stops, left (0 km/h) to right, for the legend. */
export function speedGradientCss(): string {
  const top = SPEED_STOPS.at(-1)?.[0] ?? 1;
  return `linear-gradient(to right, ${SPEED_STOPS.map(([kmh, colour]) => `${colour} ${(kmh / top) * 100}%`).join(", ")})`;
}
