"use client";

import type { Feature, Point } from "geojson";
import { useTheme } from "next-themes";
import { useEffect, useMemo, useRef, useState } from "react";
import type { PickedTrips } from "@/components/trips/cluster-trips";
import { type ClusterWording, addClusterInteractions } from "@/components/map/cluster-interactions";
import { ClusterFeed } from "@/components/map/gl/cluster-feed";
import { ClusterIndex } from "@/components/map/gl/cluster-index";
import { ClusterMarksLayer } from "@/components/map/gl/cluster-marks-layer";
import { type CameraState, cameraToFit } from "@/components/map/fit-to-points";
import { MapProblem } from "@/components/map/map-problem";
import { MapRegion } from "@/components/map/map-region";
import { mapThemeOf } from "@/components/map/map-theme";
import { OVERLAY_PREFIX, useBaseMap } from "@/components/map/use-base-map";
import { whenDrawn } from "@/components/map/when-drawn";
import type { FleetPosition } from "@/lib/models/fleet";
import { measureForTests } from "@/lib/test-hooks";
import { FleetLegend } from "./fleet-legend";
import {
  type FleetPoints,
  type PickedVehicles,
  fleetMarksOf,
  fleetPointsOf,
  positionsIn,
  vehiclesAt,
} from "./fleet-points";
import { exposeFleetMap } from "./fleet-test-hooks";

/** Performance measure (under test) from new positions handed to the map until it has drawn their clusters. */
const FLEET_DRAW_MEASURE = "fleet:draw";

const CLUSTERS_LAYER = `${OVERLAY_PREFIX}fleet-clusters`;

export interface FleetMapProps {
  positions: readonly FleetPosition[];
  styleUrl: string | undefined;
  onList: (picked: PickedVehicles) => void;
}

const WORDING: ClusterWording = {
  tooltip: (count: number, shown: string) =>
    count === 1
      ? "1 vehicle was last here · click for it"
      : `${shown} vehicles were last here · click to list them and zoom in`,
  listOnClick: true,
};

/**
 * The fleet's last known positions, clustered by the all-trips map's worker (components/map/gl/cluster-worker.ts) and
 * drawn by its cluster layer, so however large the fleet, the main thread handles only the marks around the view.
 * New positions (the refresher reading on) replace the worker's points; the camera follows them until the person
 * moves the map, jumping with their clusters in one frame.
 */
export function FleetMap({ positions, styleUrl, onList }: FleetMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const theme = mapThemeOf(useTheme().resolvedTheme);
  const { map, ready, styleVersion, error } = useBaseMap(containerRef, styleUrl, theme);
  const [marks] = useState(() => new ClusterMarksLayer(CLUSTERS_LAYER, theme));
  const points = useMemo(() => fleetPointsOf(positions), [positions]);
  /** The points the worker holds now: what its answers' entries refer to. */
  const pointsRef = useRef<FleetPoints>(points);
  const listRef = useRef(onList);
  const feedRef = useRef<{ index: ClusterIndex; feed: ClusterFeed } | null>(null);
  const camera = useRef<CameraState>({ userMoved: false, fitted: false });
  /** When the points on their way to the map were handed over, for the draw measure. */
  const handedAt = useRef<number | null>(null);
  /** How many positions the clusters on the map stand for, and for how many points they were drawn. */
  const [clustered, setClustered] = useState<{ count: number; of: FleetPoints } | null>(null);

  useEffect(() => {
    listRef.current = onList;
  }, [onList]);

  useEffect(() => {
    if (!map || !ready || map.getLayer(CLUSTERS_LAYER)) return;
    map.addLayer(marks);
    const index = new ClusterIndex();
    const draw = (features: Feature<Point>[]) => {
      const held = pointsRef.current;
      const drawn = fleetMarksOf(features, held.positions);
      marks.setMarks(drawn);
      setClustered({ count: positionsIn(drawn), of: held });
    };
    const onShown = () => {
      const started = handedAt.current;
      if (started === null) return;
      handedAt.current = null;
      void whenDrawn(map).then(() => measureForTests(FLEET_DRAW_MEASURE, started));
    };
    const feed = new ClusterFeed("starts", map, draw, index, onShown);
    feedRef.current = { index, feed };
    addClusterInteractions(
      map,
      (point) => marks.markAt(point),
      feed.queries(),
      (picked: PickedTrips) =>
        listRef.current({ vehicles: vehiclesAt(picked.indices, pointsRef.current.positions), total: picked.total }),
      WORDING,
    );
    // Once the person moves the map, or zooms into a cluster, new positions no longer move it.
    map.on("movestart", (event) => {
      if ("originalEvent" in event && event.originalEvent) camera.current.userMoved = true;
    });
    map.on("click", (event) => {
      if (marks.markAt(event.point)) camera.current.userMoved = true;
    });
    map.on("moveend", () => feed.moved());
    const hideForTests = exposeFleetMap(map, marks, index, () => pointsRef.current);
    return () => {
      hideForTests();
      feed.dispose();
      index.dispose();
      feedRef.current = null;
    };
    // The theme at creation is enough: later changes are painted in place below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, ready]);

  useEffect(() => {
    if (map && ready && map.getLayer(CLUSTERS_LAYER)) marks.setTheme(theme);
  }, [map, ready, theme, marks]);

  // A new street style (a themed style URL) cannot hold the custom layer: it is added again if it was dropped.
  useEffect(() => {
    if (map && ready && feedRef.current && !map.getLayer(CLUSTERS_LAYER)) map.addLayer(marks);
  }, [map, ready, styleVersion, marks]);

  // New positions replace the worker's points; the map follows them until the person moves it.
  useEffect(() => {
    const held = feedRef.current;
    if (!map || !ready || !held) return;
    pointsRef.current = points;
    handedAt.current = performance.now();
    held.index.sync(points.store);
    held.feed.grew(true, cameraToFit(map, points.store, camera.current));
  }, [map, ready, points]);

  const drawnFor = clustered?.of === points ? clustered.count : null;
  return (
    <MapRegion
      label="Map of the fleet's last known positions"
      description="Each vehicle's last known position, grouped into circles that carry how many vehicles are there; a faded, larger mark is an approximate position, which is all the vehicle's grant gives. The counts above the map say the same as text, and a click on a circle lists its vehicles with links."
      className="relative h-[560px] w-full overflow-hidden rounded-lg border border-border"
      data-testid="fleet-map"
      data-state={ready ? "ready" : "loading"}
      data-positions={points.positions.length}
      data-clustered={drawnFor ?? undefined}
    >
      {/* Inline: MapLibre's stylesheet makes its container `position: relative`, which would win over a class. */}
      <div ref={containerRef} style={{ position: "absolute", inset: 0 }} />
      <FleetLegend theme={theme} />
      <MapProblem message={error} />
    </MapRegion>
  );
}
