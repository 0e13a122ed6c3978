/**
 * Runs in a Web Worker: turns the all-trips map's points into the GeoJSON files its sources load, for one time
 * window. Writing 100,000 features takes longer than a frame, and handing them to MapLibre as objects would copy
 * them on the main thread once more; as a Blob, MapLibre's own worker fetches and parses the text, and the page's
 * main thread only swaps a URL.
 */

export interface AllTripsBuildRequest {
  id: number;
  /** Flat `[lng, lat, ...]` of the starts. */
  starts: Float64Array;
  /** Flat `[lng, lat, ...]` of the ends, NaN where a trip has none. */
  ends: Float64Array;
  /** Start times, Unix milliseconds (NaN when unknown). */
  times: Float64Array;
  /** `[from, to)`, or null for every trip. */
  bounds: { from: number; to: number } | null;
  /** Also build the density view's points (starts and ends). */
  density: boolean;
}

export type AllTripsBuildResponse =
  | { id: number; ok: true; clusters: Blob; density: Blob | null; count: number }
  | { id: number; ok: false; message: string };

const point = (lng: number, lat: number, i: number) =>
  `{"type":"Feature","id":${i},"properties":{"i":${i}},"geometry":{"type":"Point","coordinates":[${lng},${lat}]}}`;

/** Features joined in chunks: one string of 10 MB built piece by piece would be copied over and over. */
function collection(parts: string[]): Blob {
  const body: string[] = ['{"type":"FeatureCollection","features":['];
  for (let i = 0; i < parts.length; i += 5_000) body.push((i > 0 ? "," : "") + parts.slice(i, i + 5_000).join(","));
  body.push("]}");
  return new Blob(body, { type: "application/geo+json" });
}

export function buildCollections(request: AllTripsBuildRequest): { clusters: Blob; density: Blob | null; count: number } {
  const { starts, ends, times, bounds } = request;
  const clusters: string[] = [];
  const density: string[] = [];
  const count = times.length;
  for (let i = 0; i < count; i++) {
    const t = times[i] ?? NaN;
    if (bounds && !(t >= bounds.from && t < bounds.to)) continue;
    clusters.push(point(starts[2 * i] ?? 0, starts[2 * i + 1] ?? 0, i));
    if (!request.density) continue;
    density.push(point(starts[2 * i] ?? 0, starts[2 * i + 1] ?? 0, 2 * i));
    const lng = ends[2 * i] ?? NaN;
    const lat = ends[2 * i + 1] ?? NaN;
    if (Number.isFinite(lng) && Number.isFinite(lat)) density.push(point(lng, lat, 2 * i + 1));
  }
  return { clusters: collection(clusters), density: request.density ? collection(density) : null, count: clusters.length };
}

addEventListener("message", (event: MessageEvent<AllTripsBuildRequest>) => {
  const { id } = event.data;
  try {
    postMessage({ id, ok: true, ...buildCollections(event.data) } satisfies AllTripsBuildResponse);
  } catch (error) {
    postMessage({ id, ok: false, message: error instanceof Error ? error.message : "the map data could not be built" } satisfies AllTripsBuildResponse);
  }
});
