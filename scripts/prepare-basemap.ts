// Puts what the built-in map fetches at run time into public/, instead of bundling it. Runs after every npm install.
// - the basemap: Natural Earth countries (world-atlas, 1:50m) as the GeoJSON the map draws (lib/geo/countries.ts),
//   so that MapLibre's worker fetches and parses it and nothing of it is converted in the page;
// - the font of the all-trips map's cluster counts: Geist SemiBold (WOFF2, 47 kB) from the geist package the
//   dashboard already uses for its text. The map draws the counts' characters from it in the browser (count-glyphs.ts);
// - the basemap's labels (street and city names) in the same font, as MapLibre's glyph ranges (basemap-glyphs.ts).
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { GeometryCollection, Topology } from "topojson-specification";
import { countriesOf } from "../lib/geo/countries";
import { fontOf, glyphRange } from "./basemap-glyphs";

/** The font stacks the basemap's labels name (components/map/basemap/builtin-style.ts), by the file each is drawn from. */
const LABEL_FONTS = { "geist-regular": "Geist-Regular.ttf", "geist-semibold": "Geist-SemiBold.ttf" } as const;
/** Basic Latin and Latin-1, Latin Extended-A, and general punctuation (dashes, quotes). */
const GLYPH_RANGES = [0, 256, 8192];

const require = createRequire(import.meta.url);
mkdirSync("public/basemap/fonts", { recursive: true });
const topology = JSON.parse(readFileSync(require.resolve("world-atlas/countries-50m.json"), "utf8")) as Topology<{
  countries: GeometryCollection;
}>;
writeFileSync("public/basemap/countries.geojson", JSON.stringify(countriesOf(topology)));
// The package exports only its Next.js font modules; its fonts sit beside them.
const geistSans = join(dirname(require.resolve("geist/font")), "..", "dist/fonts/geist-sans");
copyFileSync(join(geistSans, "Geist-SemiBold.woff2"), "public/basemap/fonts/geist-semibold.woff2");
for (const [fontstack, file] of Object.entries(LABEL_FONTS)) {
  const font = fontOf(readFileSync(join(geistSans, file)));
  mkdirSync(`public/basemap/fonts/${fontstack}`, { recursive: true });
  for (const start of GLYPH_RANGES) {
    writeFileSync(`public/basemap/fonts/${fontstack}/${start}-${start + 255}.pbf`, glyphRange(font, fontstack, start));
  }
}
