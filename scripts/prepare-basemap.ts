// Puts what the offline map fetches at run time into public/, instead of bundling it. Runs after every npm install.
// - the basemap: Natural Earth countries (world-atlas, 1:50m) as the GeoJSON the map draws (lib/geo/countries.ts),
//   so that MapLibre's worker fetches and parses it and nothing of it is converted in the page;
// - the font of the all-trips map's cluster counts: Geist SemiBold (WOFF2, 47 kB) from the geist package the
//   dashboard already uses for its text. The map draws the counts' characters from it in the browser (count-glyphs.ts).
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { GeometryCollection, Topology } from "topojson-specification";
import { countriesOf } from "../lib/geo/countries";

const require = createRequire(import.meta.url);
mkdirSync("public/basemap/fonts", { recursive: true });
const topology = JSON.parse(readFileSync(require.resolve("world-atlas/countries-50m.json"), "utf8")) as Topology<{
  countries: GeometryCollection;
}>;
writeFileSync("public/basemap/countries.geojson", JSON.stringify(countriesOf(topology)));
// The package exports only its Next.js font modules; its fonts sit beside them.
const geist = join(dirname(require.resolve("geist/font")), "..");
copyFileSync(join(geist, "dist/fonts/geist-sans/Geist-SemiBold.woff2"), "public/basemap/fonts/geist-semibold.woff2");
