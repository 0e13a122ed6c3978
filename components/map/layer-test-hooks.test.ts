import { describe, expect, it } from "vitest";
import type { ClusterMark } from "./gl/cluster-marks";
import type { ClusterMarksLayer } from "./gl/cluster-marks-layer";
import type { TripLinesLayer } from "./gl/trip-lines-layer";
import { watchClusterMarks, watchTripLines } from "./layer-test-hooks";

const LINES = 1;
const TRIANGLE_STRIP = 5;

/** A context that records nothing itself: the watchers see its draw calls through their proxy. */
function fakeContext(): WebGL2RenderingContext {
  return {
    LINES,
    TRIANGLE_STRIP,
    drawArrays: () => {},
    drawArraysInstanced: () => {},
  } as unknown as WebGL2RenderingContext;
}

const mark = (count: number, label: string): ClusterMark => ({
  lng: 0,
  lat: 0,
  count,
  clusterId: count > 1 ? count : null,
  index: count > 1 ? null : 0,
  label,
});

describe("the layers' test watchers", () => {
  it("count the lines a frame drew from its LINES draw call, and none once a frame draws nothing", () => {
    let vertices = 6;
    const layer = {
      render(gl: WebGL2RenderingContext) {
        if (vertices > 0) gl.drawArrays(gl.LINES, 0, vertices);
      },
    };
    const watched = watchTripLines(layer as unknown as TripLinesLayer);
    layer.render(fakeContext());
    expect(watched.drawn()).toBe(3);
    vertices = 0;
    layer.render(fakeContext());
    expect(watched.drawn()).toBe(0);
    watched.stop();
  });

  it("report the marks handed over once a frame drew one circle each, labelled when the characters followed", () => {
    let marks: readonly ClusterMark[] = [];
    let withCharacters = false;
    const layer = {
      setMarks(next: readonly ClusterMark[]) {
        marks = next;
      },
      render(gl: WebGL2RenderingContext) {
        // The empty map's warm-up: one invisible circle.
        gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, 4, Math.max(1, marks.length));
        if (withCharacters) gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, 4, 2);
      },
    };
    const watched = watchClusterMarks(layer as unknown as ClusterMarksLayer);
    layer.render(fakeContext());
    expect(watched.drawn()).toEqual({ marks: [], labelled: false });
    const given = [mark(12, "12"), mark(1, "")];
    layer.setMarks(given);
    expect(watched.drawn().marks).toEqual([]);
    layer.render(fakeContext());
    expect(watched.drawn()).toEqual({ marks: given, labelled: false });
    withCharacters = true;
    layer.render(fakeContext());
    expect(watched.drawn()).toEqual({ marks: given, labelled: true });
    watched.stop();
  });

  it("leave the layer as it was once stopped", () => {
    const render = () => {};
    const layer = { render };
    watchTripLines(layer as unknown as TripLinesLayer).stop();
    expect(layer.render).toBe(render);
  });
});
