#!/usr/bin/env node
// Copies what the offline map fetches at run time into public/, instead of bundling it. Runs after every npm install.
// - the basemap: Natural Earth countries as TopoJSON, from the world-atlas package;
// - the font of the all-trips map's cluster counts: Geist SemiBold (WOFF2, 47 kB) from the geist package the
//   dashboard already uses for its text. The map draws the counts' characters from it in the browser (count-glyphs.ts).
import { copyFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);
mkdirSync("public/basemap/fonts", { recursive: true });
copyFileSync(require.resolve("world-atlas/countries-50m.json"), "public/basemap/countries-50m.json");
// The package exports only its Next.js font modules; its fonts sit beside them.
const geist = join(dirname(require.resolve("geist/font")), "..");
copyFileSync(join(geist, "dist/fonts/geist-sans/Geist-SemiBold.woff2"), "public/basemap/fonts/geist-semibold.woff2");
