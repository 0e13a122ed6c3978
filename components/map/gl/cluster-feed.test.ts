import type { Feature, Point } from "geojson";
import { describe, expect, it } from "vitest";
import type { Bounds as Box } from "@/lib/geo/bounds";
import { viewAt } from "./camera-view";
import { ClusterFeed } from "./cluster-feed";
import type { ClusterIndex } from "./cluster-index";
import type { MapLibreMap } from "../maplibre";

/**
 * A map's camera as the feed reads it: a box on screen and a zoom, which `jumpTo` changes to what MapLibre would
 * show (Web Mercator, camera-view.test.ts), firing moveend as it does.
 */
function fakeMap(onMoveEnd: () => void) {
  const camera = { box: [-130, 20, -60, 55] as Box, zoom: 3 };
  const jumps: Array<{ zoom: number }> = [];
  const map = {
    getBounds: () => {
      const [west, south, east, north] = camera.box;
      return { getWest: () => west, getSouth: () => south, getEast: () => east, getNorth: () => north };
    },
    getZoom: () => camera.zoom,
    getContainer: () => ({ clientWidth: 1000, clientHeight: 560 }),
    jumpTo: (to: { center: { lng: number; lat: number }; zoom: number }) => {
      jumps.push({ zoom: to.zoom });
      camera.zoom = to.zoom;
      camera.box = viewAt(to, 1000, 560);
      onMoveEnd();
    },
  };
  return { map: map as unknown as MapLibreMap, camera, jumps };
}

/** An index whose answers wait until released, recording the box and zoom of each question. */
function fakeIndex() {
  const asked: Array<{ box: Box; zoom: number; release: () => void }> = [];
  const index = {
    clusters: (_kind: string, _bounds: unknown, box: Box, zoom: number) =>
      new Promise<{ features: Feature<Point>[]; count: number }>((resolve) => {
        asked.push({ box, zoom, release: () => resolve({ features: [], count: 0 }) });
      }),
  };
  return { index: index as unknown as ClusterIndex, asked };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function question(asked: ReturnType<typeof fakeIndex>["asked"], i: number) {
  const held = asked[i];
  if (!held) throw new Error(`question ${i + 1} was not asked`);
  return held;
}

describe("ClusterFeed with a jump", () => {
  it("asks for the view where the map will go, and jumps only when the answer is drawn", async () => {
    let feed: ClusterFeed | null = null;
    const { map, jumps } = fakeMap(() => feed?.moved());
    const { index, asked } = fakeIndex();
    const drawn: number[] = [];
    feed = new ClusterFeed(
      "starts",
      map,
      () => drawn.push(jumps.length),
      index,
      () => {},
    );
    feed.grew(true, { center: { lng: 2.35, lat: 48.85 }, zoom: 9.4 });
    await settle();
    expect(asked).toHaveLength(1);
    const [west, south, east, north] = question(asked, 0).box;
    expect(question(asked, 0).zoom).toBe(9);
    expect(west).toBeLessThan(2.35);
    expect(east).toBeGreaterThan(2.35);
    expect(south).toBeLessThan(48.85);
    expect(north).toBeGreaterThan(48.85);
    expect(jumps).toHaveLength(0);

    question(asked, 0).release();
    await settle();
    // The jump came first and the marks were drawn after it, in the same turn; its moveend asked nothing new.
    expect(jumps).toEqual([{ zoom: 9.4 }]);
    expect(drawn).toEqual([1]);
    expect(asked).toHaveLength(1);
  });

  it("drops the jump when the person moves the map before the answer, and asks for their view", async () => {
    let feed: ClusterFeed | null = null;
    const { map, camera, jumps } = fakeMap(() => feed?.moved());
    const { index, asked } = fakeIndex();
    feed = new ClusterFeed(
      "starts",
      map,
      () => {},
      index,
      () => {},
    );
    feed.grew(true, { center: { lng: 2.35, lat: 48.85 }, zoom: 9.4 });
    await settle();
    camera.box = [-10, 40, 10, 50];
    camera.zoom = 5.5;
    feed.moved();
    question(asked, 0).release();
    await settle();
    expect(jumps).toHaveLength(0);
    expect(asked).toHaveLength(2);
    expect(question(asked, 1).zoom).toBe(5);
    expect(question(asked, 1).box[0]).toBeLessThanOrEqual(-10);
    question(asked, 1).release();
    await settle();
    expect(jumps).toHaveLength(0);
  });
});
