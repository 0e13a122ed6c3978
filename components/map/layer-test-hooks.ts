import type { ClusterMark } from "./gl/cluster-marks";
import type { ClusterMarksLayer } from "./gl/cluster-marks-layer";
import type { HeatPoints } from "./gl/density-heat";
import type { DensityLayer } from "./gl/density-layer";
import type { TripLinesLayer } from "./gl/trip-lines-layer";

/**
 * What the map's WebGL layers (gl/) drew in their last frame, for the test hooks (all-trips-test-hooks.ts,
 * components/fleet/fleet-test-hooks.ts), which queryRenderedFeatures cannot see. Observed from outside the layers:
 * the draw calls each frame's `render` makes, and the data the layer was last handed. Installed only while the test
 * hooks are on (lib/test-hooks.ts); each watcher returns what it drew and how to stop watching.
 */

interface DrawCall {
  mode: number;
  /** Vertices per instance. */
  count: number;
  instances: number;
}

type Render = (gl: WebGL2RenderingContext, ...rest: never[]) => void;

/** The context as the layer sees it, recording its draw calls into `calls`. */
function recordingContext(gl: WebGL2RenderingContext, calls: DrawCall[]): WebGL2RenderingContext {
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(gl, {
    get(target, key) {
      if (key === "drawArrays")
        return (mode: number, first: number, count: number) => {
          calls.push({ mode, count, instances: 1 });
          target.drawArrays(mode, first, count);
        };
      if (key === "drawArraysInstanced")
        return (mode: number, first: number, count: number, instances: number) => {
          calls.push({ mode, count, instances });
          target.drawArraysInstanced(mode, first, count, instances);
        };
      // The context's getters and methods only work on the context itself, not on the proxy.
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== "function") return value;
      if (!bound.has(key)) bound.set(key, (value as (...args: unknown[]) => unknown).bind(target));
      return bound.get(key);
    },
  });
}

/** Wraps a layer's `render`: after each frame, `onFrame` reads its draw calls. Returns what unwraps it. */
function watchFrames(
  layer: { render: Render },
  onFrame: (calls: readonly DrawCall[], gl: WebGL2RenderingContext) => void,
): () => void {
  const render = layer.render;
  layer.render = function (gl, ...rest) {
    const calls: DrawCall[] = [];
    render.call(this, recordingContext(gl, calls), ...rest);
    onFrame(calls, gl);
  };
  return () => {
    layer.render = render;
  };
}

/** Wraps a layer's setter: `onSet` sees each value handed to it. Returns what unwraps it. */
function watchSetter<K extends string, T>(
  layer: Record<K, (value: T) => void>,
  key: K,
  onSet: (value: T) => void,
): () => void {
  const set = layer[key];
  layer[key] = function (this: unknown, value: T) {
    onSet(value);
    set.call(this, value);
  };
  return () => {
    layer[key] = set;
  };
}

export interface Watched<T> {
  drawn: () => T;
  stop: () => void;
}

/** How many lines the last frame drew. */
export function watchTripLines(layer: TripLinesLayer): Watched<number> {
  let drawn = 0;
  const stop = watchFrames(layer, (calls, gl) => {
    drawn = calls.filter(({ mode }) => mode === gl.LINES).reduce((sum, { count }) => sum + count / 2, 0);
  });
  return { drawn: () => drawn, stop };
}

/** What the last frame drew: its marks, and whether their counts were drawn with them. */
export interface DrawnMarks {
  marks: readonly ClusterMark[];
  labelled: boolean;
}

/**
 * The marks the last frame drew: one instance of the circles' draw per mark handed over (the empty map's
 * one invisible mark is none), and the counts drawn when a second, the characters', followed or none has a count.
 */
export function watchClusterMarks(layer: ClusterMarksLayer): Watched<DrawnMarks> {
  let given: readonly ClusterMark[] = [];
  let drawn: DrawnMarks = { marks: [], labelled: false };
  const unset = watchSetter<"setMarks", readonly ClusterMark[]>(layer, "setMarks", (marks) => {
    given = marks;
  });
  const unframe = watchFrames(layer, (calls) => {
    const [circles, glyphs] = calls;
    const shown = given.length > 0 && circles?.instances === given.length;
    drawn = shown
      ? { marks: given, labelled: glyphs !== undefined || given.every(({ label }) => label === "") }
      : { marks: [], labelled: false };
  });
  return {
    drawn: () => drawn,
    stop: () => {
      unset();
      unframe();
    },
  };
}

/** The points the last frame coloured (null for none): the density pass draws only after its glows were added up. */
export function watchDensity(layer: DensityLayer): Watched<HeatPoints | null> {
  let given: HeatPoints | null = null;
  let drawn: HeatPoints | null = null;
  const unset = watchSetter<"setPoints", HeatPoints>(layer, "setPoints", (points) => {
    given = points;
  });
  const unframe = watchFrames(layer, (calls) => {
    drawn = calls.length > 0 ? given : null;
  });
  return {
    drawn: () => drawn,
    stop: () => {
      unset();
      unframe();
    },
  };
}
