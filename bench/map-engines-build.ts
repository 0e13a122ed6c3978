import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { type BuildOptions, type Plugin, build } from "esbuild";

/**
 * The bundles bench/map-engines.ts needs: the bench page (the map, the dashboard's layers, and deck.gl in a chunk of
 * its own, loaded only when imported), and each engine alone, minified, for the JavaScript it adds to a page.
 */

const COMMON: BuildOptions = {
  bundle: true,
  minify: true,
  format: "esm",
  platform: "browser",
  target: "es2022",
  loader: { ".css": "empty" },
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "error",
};

/** The JavaScript an engine adds, minified: bytes, and bytes gzipped. */
export interface EngineSize {
  bytes: number;
  gzipBytes: number;
}

export interface BenchBundles {
  /** Where the page's files were written. */
  dir: string;
  /** Whether deck.gl stayed out of the page's first chunk (its own chunk, fetched only for deck.gl's runs). */
  deckLazy: boolean;
  sizes: { gl: EngineSize; deck: EngineSize };
}

/** Only the code in `folder` goes in the bundle: what it imports from elsewhere (MapLibre, the rest of the app) does not. */
function onlyWithin(folder: RegExp): Plugin {
  return {
    name: "only-within",
    setup(builder) {
      builder.onResolve({ filter: /.*/ }, ({ path, importer, kind }) => {
        if (kind === "entry-point" || importer === "<stdin>" || (folder.test(importer) && path.startsWith("./")))
          return undefined;
        return { path, external: true };
      });
    },
  };
}

async function engineSize(contents: string, options: Pick<BuildOptions, "external" | "plugins">): Promise<EngineSize> {
  const result = await build({
    ...COMMON,
    stdin: { contents, resolveDir: process.cwd(), loader: "ts" },
    write: false,
    ...options,
  });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  return { bytes: code.byteLength, gzipBytes: gzipSync(code).byteLength };
}

/** The dashboard's three layers and their helpers: the lines, the clusters' marks and counts, the density. */
const GL_ENTRY = [
  "trip-lines-layer",
  "trip-lines",
  "cluster-marks-layer",
  "cluster-marks",
  "density-layer",
  "density-heat",
]
  .map((file) => `export * from "./components/map/gl/${file}";`)
  .join("\n");

/** deck.gl's layers for the same views, and its MapLibre interleaving. */
const DECK_ENTRY = `
export { LineLayer, ScatterplotLayer, TextLayer } from "@deck.gl/layers";
export { HeatmapLayer } from "@deck.gl/aggregation-layers";
export { MapLibreOverlay } from "@deck.gl/maplibre";`;

export async function buildBenchBundles(): Promise<BenchBundles> {
  const dir = await mkdtemp(join(tmpdir(), "map-engines-"));
  const page = await build({
    ...COMMON,
    entryPoints: { page: "bench/map-engines-page.ts" },
    splitting: true,
    outdir: dir,
    metafile: true,
  });
  const entry = Object.values(page.metafile.outputs).find((output) => output.entryPoint !== undefined);
  const deckLazy = entry !== undefined && !Object.keys(entry.inputs).some((input) => input.includes("@deck.gl/"));
  const [gl, deck] = await Promise.all([
    engineSize(GL_ENTRY, { plugins: [onlyWithin(/components\/map\/gl\//)] }),
    // Everything deck.gl brings (luma.gl, math.gl...) counts; only the map itself is shared with the page.
    engineSize(DECK_ENTRY, { external: ["maplibre-gl"] }),
  ]);
  return { dir, deckLazy, sizes: { gl, deck } };
}
