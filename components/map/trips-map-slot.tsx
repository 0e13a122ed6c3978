"use client";

import type { TripPathResult } from "@/lib/models";
import { MapGate } from "./map-gate";
import type { TripsMapProps } from "./trips-map";
import { TripsMapLazy } from "./trips-map-lazy";
import { TripsPreview } from "./trips-preview";

/** Trips without routes are drawn straight, in the preview as on the map. */
const NO_PATHS: ReadonlyMap<string, TripPathResult> = new Map();

/**
 * A page's trips map in its pane: the trips' preview paints first and holds the place, the interactive map loads by
 * itself over it (map-gate.tsx). `className` sizes and places the pane in the page's layout.
 */
export function TripsMapSlot({ className, ...map }: TripsMapProps & { className: string }) {
  return (
    <div className={className} data-testid="trips-map-pane">
      <MapGate
        className="size-full min-h-[420px]"
        preview={
          <TripsPreview
            trips={map.trips}
            paths={map.paths ?? NO_PATHS}
            selectedId={map.selectedId}
            hoveredId={map.hoveredId}
          />
        }
      >
        <TripsMapLazy {...map} />
      </MapGate>
    </div>
  );
}
