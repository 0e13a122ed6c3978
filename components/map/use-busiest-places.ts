"use client";

import { type RefObject, useCallback, useEffect, useState } from "react";
import type { PointStore } from "@/components/trips/point-store";
import type { WindowBounds } from "@/components/trips/time-window";
import { prefersReducedMotion } from "@/lib/motion";
import { type ListTrips, listTripsOf } from "./cluster-interactions";
import type { ClusterIndex } from "./gl/cluster-index";
import { type ClusterMark, marksOf } from "./gl/cluster-marks";
import { CLUSTERING } from "./gl/clustering";
import type { CameraState } from "./fit-to-points";
import type { MapLibreMap } from "./maplibre";

/**
 * The busiest places are the clusters of starts at this zoom: 48 pixels there are about 460 m at the equator and
 * 320 m at 45 degrees, a neighbourhood rather than a city.
 */
const PLACE_ZOOM = 13;
const PLACE_REACH = "a few hundred metres";
const BUSIEST_PLACES = 5;

interface BusiestPlacesInput {
  map: MapLibreMap | null;
  ready: boolean;
  /** The cluster worker, once the map has its layers. */
  heldRef: RefObject<{ index: ClusterIndex } | null>;
  store: PointStore;
  version: number;
  done: boolean;
  bounds: WindowBounds;
  /** The map's element, scrolled into view when a place is shown. */
  containerRef: RefObject<HTMLDivElement | null>;
  cameraRef: RefObject<CameraState>;
  listRef: RefObject<ListTrips>;
}

/**
 * The window's busiest places, once every trip is in (while the stream runs they would reorder on every page), as
 * BusiestPlaces' props, or null while there are none for this store and window. Showing a place moves the map to it
 * (and stops the map fitting itself to the data); listing one lists its trips as a click on its cluster does.
 */
export function useBusiestPlaces({
  map,
  ready,
  heldRef,
  store,
  version,
  done,
  bounds,
  containerRef,
  cameraRef,
  listRef,
}: BusiestPlacesInput) {
  /** For the store and window they were found in. */
  const [places, setPlaces] = useState<{
    store: PointStore;
    bounds: WindowBounds;
    marks: ClusterMark[];
    total: number;
  } | null>(null);

  useEffect(() => {
    const index = heldRef.current?.index;
    if (!map || !ready || !index || !done) return;
    let current = true;
    index
      .busiest(bounds, PLACE_ZOOM, BUSIEST_PLACES)
      .then(({ features, count }) => current && setPlaces({ store, bounds, marks: marksOf(features), total: count }))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [map, ready, heldRef, store, version, done, bounds]);

  const onShow = useCallback(
    (place: ClusterMark) => {
      if (!map) return;
      cameraRef.current.userMoved = true;
      const still = prefersReducedMotion();
      containerRef.current?.scrollIntoView({ block: "nearest", behavior: still ? "auto" : "smooth" });
      map.easeTo({ center: [place.lng, place.lat], zoom: CLUSTERING.maxZoom, duration: still ? 0 : 500 });
    },
    [map, cameraRef, containerRef],
  );
  const onList = useCallback(
    (place: ClusterMark) => {
      const index = heldRef.current?.index;
      if (!index || !places) return;
      listTripsOf(
        place,
        (clusterId, limit) => index.leaves(places.bounds, clusterId, limit),
        (picked) => listRef.current(picked),
      );
    },
    [heldRef, places, listRef],
  );

  if (!places || !done || places.store !== store || places.bounds !== bounds) return null;
  return { places: places.marks, total: places.total, reach: PLACE_REACH, onShow, onList };
}
