/** The maps' colours in the light and the dark theme: the built-in basemap and the trips drawn on any basemap. */

export type MapTheme = "light" | "dark";

export interface MapPalette {
  water: string;
  land: string;
  border: string;
  trip: string;
  tripHover: string;
  tripSelected: string;
  start: string;
  end: string;
  markerStroke: string;
  /** Ramp for counts, from none (transparent) through few to most. */
  heat: [string, string, string, string, string];
}

export const MAP_PALETTES: Record<MapTheme, MapPalette> = {
  light: {
    water: "#dbe7f3",
    land: "#f7f6f2",
    border: "#b9c0cc",
    trip: "#3b5bfd",
    tripHover: "#1d3be0",
    tripSelected: "#f59e0b",
    start: "#16a34a",
    end: "#dc2626",
    markerStroke: "#ffffff",
    heat: ["rgba(59,91,253,0)", "#7aa2ff", "#3b5bfd", "#f59e0b", "#dc2626"],
  },
  dark: {
    water: "#0b1422",
    land: "#1a2232",
    border: "#34405a",
    trip: "#7088ff",
    tripHover: "#a5b4ff",
    tripSelected: "#fbbf24",
    start: "#34d399",
    end: "#f87171",
    markerStroke: "#0a0d14",
    heat: ["rgba(112,136,255,0)", "#3d55c9", "#7088ff", "#fbbf24", "#f87171"],
  },
};

export function mapThemeOf(resolvedTheme: string | undefined): MapTheme {
  return resolvedTheme === "dark" ? "dark" : "light";
}

/**
 * The street style for a theme. In NEXT_PUBLIC_MAP_STYLE_URL a `{theme}` becomes `light` or `dark`
 * (`https://tiles.example.com/styles/{theme}/style.json`), and a `{A|B}` becomes A in the light theme and B in the dark
 * (`https://tiles.openfreemap.org/styles/{positron|dark}`); without either, both themes use the same style.
 */
export function styleUrlFor(template: string, theme: MapTheme): string {
  return template
    .replaceAll("{theme}", theme)
    .replace(/\{([^{}|]+)\|([^{}|]+)\}/g, (_, light: string, dark: string) => (theme === "light" ? light : dark));
}

/** Whether the style changes with the theme, so a theme switch loads the other one. */
export function styleFollowsTheme(template: string): boolean {
  return styleUrlFor(template, "light") !== styleUrlFor(template, "dark");
}
