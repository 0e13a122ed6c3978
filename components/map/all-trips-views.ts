/** The all-trips map's views. Kept apart from the map's modules, so the page's URL state can name them without loading MapLibre. */
export type AllTripsView = "clusters" | "density" | "lines";

export const ALL_TRIPS_VIEWS: readonly AllTripsView[] = ["clusters", "density", "lines"];
