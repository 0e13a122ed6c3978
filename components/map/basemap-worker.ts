import type { FeatureCollection, MultiPolygon, Polygon } from "geojson";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import { unwrapPolygon } from "@/lib/geo/antimeridian";

/**
 * Runs in a Web Worker: fetches the Natural Earth countries (TopoJSON), converts them to GeoJSON with the
 * antimeridian unwrapped, and answers with the GeoJSON as text. Converting and serialising some 100,000 coordinates
 * takes a few hundred milliseconds, which the page's main thread is spared.
 */

export type BasemapRequest = { url: string };
export type BasemapResponse = { ok: true; geojson: string } | { ok: false; message: string };

async function convert(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the basemap could not be loaded (${response.status})`);
  const topology = (await response.json()) as Topology<{ countries: GeometryCollection }>;
  const countries = feature(topology, topology.objects.countries) as FeatureCollection<Polygon | MultiPolygon | null>;
  const features = countries.features.flatMap((country) =>
    country.geometry === null ? [] : [{ ...country, geometry: unwrapPolygon(country.geometry) }],
  );
  return JSON.stringify({ type: "FeatureCollection", features });
}

addEventListener("message", (event: MessageEvent<BasemapRequest>) => {
  convert(event.data.url)
    .then((geojson) => postMessage({ ok: true, geojson } satisfies BasemapResponse))
    .catch((error: unknown) =>
      postMessage({ ok: false, message: error instanceof Error ? error.message : "the basemap could not be loaded" } satisfies BasemapResponse),
    );
});
