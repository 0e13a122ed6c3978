import { describe, expect, it } from "vitest";
import { mercatorY, previewFrame, previewPath } from "./preview-projection";

describe("the map preview's projection", () => {
  it("is Web Mercator: the equator at 0 and latitudes stretched towards the poles", () => {
    expect(mercatorY(0)).toBeCloseTo(0, 9);
    expect(mercatorY(45)).toBeCloseTo(50.498987, 5);
    expect(mercatorY(-45)).toBeCloseTo(-50.498987, 5);
    expect(mercatorY(90)).toBe(mercatorY(85.05112878));
  });

  it("fits the bounds into the drawing with its margin, north up, keeping the shape", () => {
    const frame = previewFrame([-74.1, 40.6, -73.9, 40.8], 1000, 0.05);
    const [westX, northY] = frame.project([-74.1, 40.8]);
    const [eastX, southY] = frame.project([-73.9, 40.6]);
    expect(westX).toBeCloseTo(50, 6);
    expect(northY).toBeCloseTo(50, 6);
    // At 40.7° north a degree of latitude is drawn 1 / cos(40.7°) times as tall as a degree of longitude is wide.
    expect((southY - northY) / (eastX - westX)).toBeCloseTo(1 / Math.cos((40.7 * Math.PI) / 180), 2);
    expect(Math.max(frame.width, frame.height)).toBe(1000);
    expect(southY).toBeCloseTo(frame.height - 50, 0);
  });

  it("gives a single point a small area around it instead of dividing by zero", () => {
    const frame = previewFrame([2.35, 48.85, 2.35, 48.85]);
    const [x, y] = frame.project([2.35, 48.85]);
    expect(Number.isFinite(x) && Number.isFinite(y)).toBe(true);
    expect(x).toBeCloseTo(frame.width / 2, 0);
    expect(y).toBeCloseTo(frame.height / 2, 0);
  });

  it("leaves out points closer than the tolerance to the last kept, but always draws the last", () => {
    const frame = previewFrame([0, 0, 1, 1], 100, 0);
    const path = previewPath(
      [
        [0, 0],
        [0.001, 0],
        [0.002, 0],
        [0.5, 0],
        [0.501, 0],
      ],
      frame,
      1,
    );
    expect(path).toBe("M0.0 100.0L50.0 100.0L50.1 100.0");
    expect(previewPath([], frame)).toBe("");
  });
});
