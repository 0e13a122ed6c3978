import type { ClusterIndex } from "@/components/map/gl/cluster-index";
import { markSize } from "@/components/map/gl/cluster-marks";
import type { ClusterMarksLayer } from "@/components/map/gl/cluster-marks-layer";
import type { MapLibreMap } from "@/components/map/maplibre";
import { type DrawnMarks, watchClusterMarks } from "@/components/map/layer-test-hooks";
import { exposeForTests, installForTests } from "@/lib/test-hooks";
import type { FleetPoints } from "./fleet-points";

/** Every place a position can be clustered: the worker's latitudes stop short of the poles, as web maps do. */
const WORLD: [number, number, number, number] = [-180, -85, 180, 85];

/**
 * What the fleet map shows the browser tests and the bench (on only when the runner sets the flag, lib/test-hooks.ts):
 * the map, and what its cluster layer drew, which queryRenderedFeatures cannot see. Returns what hides them again.
 */
export function exposeFleetMap(
  map: MapLibreMap,
  marks: ClusterMarksLayer,
  index: ClusterIndex,
  points: () => FleetPoints,
): () => void {
  const hideMap = exposeForTests("fleetMap", map);
  // What the cluster layer drew, watched only while the hooks are on.
  let drawnMarks: () => DrawnMarks = () => ({ marks: [], labelled: false });
  const stopWatching = installForTests(() => {
    const watched = watchClusterMarks(marks);
    drawnMarks = watched.drawn;
    map.triggerRepaint();
    return watched.stop;
  });
  const hideClusters = exposeForTests("fleetClusters", {
    /** The positions handed to the map (those with usable coordinates). */
    positions: () => points().positions.length,
    /**
     * The marks the last frame drew, where they are on the canvas now, and how many positions they stand for (all
     * the marks drawn, on the canvas or just off it).
     */
    drawn: () => {
      const drawn = drawnMarks().marks;
      return {
        total: drawn.reduce((sum, mark) => sum + mark.count, 0),
        marks: drawn.map((mark) => ({
          count: mark.count,
          cluster: mark.clusterId !== null,
          faded: mark.faded === true,
          radius: markSize(mark).radius,
          ...map.project([mark.lng, mark.lat]),
        })),
      };
    },
    /** How many positions the clusters at the map's zoom stand for over the whole world: the worker's own count. */
    clusteredWorldwide: async () => {
      const { features } = await index.clusters("starts", null, WORLD, Math.floor(map.getZoom()));
      return features.reduce((sum, feature) => {
        const count: unknown = feature.properties?.point_count;
        return sum + (typeof count === "number" ? count : 1);
      }, 0);
    },
  });
  return () => {
    stopWatching();
    hideMap();
    hideClusters();
  };
}
