import { type DimoEnv } from "./types";

/**
 * Which basemap the maps draw under the trips (NEXT_PUBLIC_MAP_STYLE_URL): a street style from a map service, or the
 * built-in basemap (undefined) that the dashboard serves itself.
 */

/** The value that asks for the built-in basemap whatever the network. */
export const BUILTIN_MAP_STYLE = "builtin";

/**
 * OpenFreeMap's public OpenStreetMap styles, light and dark: no key, no account, no cookies. The style, its tiles,
 * glyphs and sprites are all served from this one host, the only one the Content-Security-Policy then allows.
 */
export const OPENFREEMAP_STYLE_URL = "https://tiles.openfreemap.org/styles/{positron|dark}";

/**
 * The configured style, or the default: OpenFreeMap on DIMO's networks, the built-in basemap in sandbox mode (its
 * cities are not on OpenStreetMap's streets).
 */
export function mapStyleUrlOf(configured: string | undefined, mode: DimoEnv): string | undefined {
  if (configured === BUILTIN_MAP_STYLE) return undefined;
  return configured ?? (mode === "sandbox" ? undefined : OPENFREEMAP_STYLE_URL);
}
