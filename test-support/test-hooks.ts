import type { Page } from "@playwright/test";
import type { MapLibreMap } from "@/components/map/maplibre";
import type { Trip, TripPathResult } from "@/lib/models";
import { TEST_HOOKS_FLAG } from "@/lib/test-hooks";

/** What the pages expose on `window` when the test hooks are on (lib/test-hooks.ts). */
declare global {
  interface Window {
    /** The trips map, for queryRenderedFeatures and friends. */
    __tripsMap?: MapLibreMap;
    /** Draws any trips (along their routes, when given) on the trips map and resolves with the draw time. */
    __tripsMapBench?: { draw: (trips: readonly Trip[], paths?: readonly TripPathResult[]) => Promise<number> };
    /** The all-trips map. */
    __allTripsMap?: MapLibreMap;
    /**
     * The all-trips map's lines view: draws the store's first `count` trips and resolves with the draw time; and how
     * many lines the last frame drew.
     */
    __allTripsMapBench?: { drawLines: (count: number) => Promise<number>; linesDrawn: () => number };
    /**
     * The all-trips clusters view as its last frame drew it: each mark at least partly on the canvas, where it is now
     * (CSS pixels from the canvas's corner), and whether the counts were drawn.
     */
    __allTripsClusters?: {
      drawn: () => {
        labelled: boolean;
        marks: Array<{
          lng: number;
          lat: number;
          count: number;
          clusterId: number | null;
          index: number | null;
          label: string;
          x: number;
          y: number;
          radius: number;
        }>;
      };
    };
    /**
     * The all-trips density view as its last frame drew it: how many of its points are on the canvas, and the starts
     * and ends they weigh together.
     */
    __allTripsDensity?: { drawn: () => { points: number; weight: number } };
    /** The fleet map. */
    __fleetMap?: MapLibreMap;
    /** Every map on the page (components/map/use-base-map.ts), whatever its page: for what its basemap drew. */
    __baseMaps?: Set<MapLibreMap>;
    /**
     * The fleet map's clusters (components/fleet/fleet-test-hooks.ts): the positions handed to the map; the marks its
     * last frame drew (on the canvas or just off it), in CSS pixels from the canvas's corner, and the positions they
     * stand for; and the positions the clusters at the map's zoom stand for over the whole world.
     */
    __fleetClusters?: {
      positions: () => number;
      drawn: () => {
        total: number;
        marks: Array<{ count: number; cluster: boolean; faded: boolean; radius: number; x: number; y: number }>;
      };
      clusteredWorldwide: () => Promise<number>;
    };
  }
}

/** Turns the pages' test hooks on for every document this page loads, before any of its scripts run. */
export async function enableTestHooks(page: Page): Promise<void> {
  await page.addInitScript((flag) => {
    (window as unknown as Record<string, unknown>)[flag] = true;
  }, TEST_HOOKS_FLAG);
}
