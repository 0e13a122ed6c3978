import { describe, expect, it } from "vitest";
import { binPoints, densityGrid, densityLevel, densityPixels, rgbOf } from "./preview-density";
import { previewFrame } from "./preview-projection";

describe("the all-trips preview's density", () => {
  const frame = previewFrame([0, 0, 10, 10], 100, 0);

  it("counts each point in the cell it projects into, north up", () => {
    const grid = densityGrid(frame, 10);
    expect([grid.cols, grid.rows]).toEqual([10, 10]);
    // South-west corner, twice; north-east corner once.
    binPoints(grid, frame, [0.1, 0.1, 0.2, 0.2, 9.9, 9.9], 0, 3);
    expect(grid.counts[9 * 10]).toBe(2);
    expect(grid.counts[9]).toBe(1);
    expect(grid.max).toBe(2);
    expect(grid.total).toBe(3);
  });

  it("adds a slice at a time to the same counts as all at once", () => {
    const points = Array.from({ length: 2000 }, (_, i) => [(i * 7) % 10, (i * 3) % 10]).flat();
    const whole = densityGrid(frame, 10);
    binPoints(whole, frame, points, 0, 1000);
    const sliced = densityGrid(frame, 10);
    for (let from = 0; from < 1000; from += 64) binPoints(sliced, frame, points, from, Math.min(1000, from + 64));
    expect(sliced.counts).toEqual(whole.counts);
    expect(sliced.max).toBe(whole.max);
    expect(sliced.total).toBe(1000);
  });

  it("leaves out the points the filter refuses, those off the frame and those without a place", () => {
    const grid = densityGrid(frame, 10);
    binPoints(grid, frame, [1, 1, 2, 2, 40, 40, Number.NaN, Number.NaN], 0, 4, (i) => i !== 1);
    expect(grid.total).toBe(1);
  });

  it("shades on a log scale: a lone trip on the lowest level, the busiest cell on the highest", () => {
    expect(densityLevel(0, 1000, 4)).toBe(-1);
    expect(densityLevel(1, 1000, 4)).toBe(0);
    expect(densityLevel(2, 1000, 4)).toBe(0);
    expect(densityLevel(40, 1000, 4)).toBe(2);
    expect(densityLevel(1000, 1000, 4)).toBe(3);
    // A single trip is the busiest place when it is the only one.
    expect(densityLevel(1, 1, 4)).toBe(3);
  });

  it("paints one pixel a cell, in its level's colour, and leaves the empty cells transparent", () => {
    const grid = densityGrid(frame, 10);
    const busy = Array.from({ length: 1000 }, () => [5.5, 5.5]).flat();
    binPoints(grid, frame, [...busy, 0.5, 9.5], 0, 1001);
    const colours = ["#000001", "#000002", "#000003", "#0a0b0c"].map(rgbOf);
    const pixels = densityPixels(grid, colours);
    expect(pixels).toHaveLength(10 * 10 * 4);
    const pixelAt = (col: number, row: number) => [...pixels.slice((row * 10 + col) * 4, (row * 10 + col) * 4 + 4)];
    expect(pixelAt(5, 4)).toEqual([10, 11, 12, 255]);
    expect(pixelAt(0, 0)).toEqual([0, 0, 1, 255]);
    expect(pixelAt(9, 9)).toEqual([0, 0, 0, 0]);
  });

  it("reads a palette colour's channels", () => {
    expect(rgbOf("#3b5bfd")).toEqual([0x3b, 0x5b, 0xfd]);
  });
});
