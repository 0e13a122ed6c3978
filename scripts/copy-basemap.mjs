#!/usr/bin/env node
// Copies the offline basemap (Natural Earth countries as TopoJSON, from the world-atlas package) into public/, so
// the map fetches it at run time instead of bundling it. Runs after every npm install.
import { copyFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const source = require.resolve("world-atlas/countries-50m.json");
mkdirSync("public/basemap", { recursive: true });
copyFileSync(source, "public/basemap/countries-50m.json");
