/**
 * How the all-trips map groups trip starts: circles 48 pixels across on 512-pixel tiles (MapLibre's own clustering
 * used the same), split up to zoom 15; beyond it, single starts. Shared by the cluster worker and the click
 * handling, which lists a cluster's trips instead of zooming once at the last zoom.
 */
export const CLUSTERING = { radius: 48, extent: 512, minZoom: 0, maxZoom: 15, minPoints: 2 } as const;

/**
 * The density view's grouping: starts and ends within 6 pixels of each other become one point that weighs their
 * count in the heatmap, which looks the same as drawing each of them and costs a fraction.
 */
export const DENSITY_GROUPING = { radius: 6, extent: 512, minZoom: 0, maxZoom: 15, minPoints: 2 } as const;
