import type { Feature, Point } from "geojson";
import type { WindowBounds } from "@/components/trips/time-window";
import type { Bounds as Box } from "@/lib/geo/bounds";
import { type GroupKind, TripGroups } from "./trip-groups";

/**
 * Runs in a Web Worker: the all-trips map's clusters and density (trip-groups.ts). The page appends each page of
 * trips as it streams in (numbers only, transferred, not copied), and asks for the groups of the view on screen: a
 * few hundred features, which MapLibre takes on the main thread in a millisecond. Handing MapLibre the 100,000
 * points to group itself cost the main thread hundreds of milliseconds per update (the features copied into its
 * worker, and back again when loaded from a file).
 */

export type ClusterRequest =
  | { type: "append"; lngLat: Float64Array; ends: Float64Array; times: Float64Array }
  | { type: "reset" }
  | { type: "clusters"; id: number; kind: GroupKind; bounds: WindowBounds; bbox: Box; zoom: number }
  | { type: "busiest"; id: number; bounds: WindowBounds; zoom: number; limit: number }
  | { type: "leaves"; id: number; bounds: WindowBounds; clusterId: number; limit: number }
  | { type: "expansion"; id: number; bounds: WindowBounds; clusterId: number };

export type ClusterResponse =
  | { id: number; ok: true; features: Feature<Point>[]; count: number }
  | { id: number; ok: true; indices: number[] }
  | { id: number; ok: true; zoom: number }
  | { id: number; ok: false; message: string };

const trips = new TripGroups();

function answer(request: ClusterRequest): ClusterResponse | null {
  switch (request.type) {
    case "append":
      trips.append(request.lngLat, request.ends, request.times);
      return null;
    case "reset":
      trips.reset();
      return null;
    case "clusters":
      return { id: request.id, ok: true, ...trips.groups(request.kind, request.bounds, request.bbox, request.zoom) };
    case "busiest":
      return { id: request.id, ok: true, ...trips.busiest(request.bounds, request.zoom, request.limit) };
    case "leaves":
      return { id: request.id, ok: true, indices: trips.leaves(request.bounds, request.clusterId, request.limit) };
    case "expansion":
      return { id: request.id, ok: true, zoom: trips.expansionZoom(request.bounds, request.clusterId) };
  }
}

addEventListener("message", (event: MessageEvent<ClusterRequest>) => {
  const request = event.data;
  try {
    const response = answer(request);
    if (response) postMessage(response);
  } catch (error) {
    if ("id" in request)
      postMessage({
        id: request.id,
        ok: false,
        message: error instanceof Error ? error.message : "the clusters could not be built",
      } satisfies ClusterResponse);
  }
});
