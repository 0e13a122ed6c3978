import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { contoursOf, fontOf, glyphRange, sdfGlyph, signedDistance } from "./basemap-glyphs";

const require = createRequire(import.meta.url);
const geist = fontOf(
  readFileSync(join(dirname(require.resolve("geist/font")), "..", "dist/fonts/geist-sans/Geist-Regular.ttf")),
);
const EDGE = 191;

describe("signedDistance", () => {
  const square = contoursOf([
    { type: "M", x: 0, y: 0 },
    { type: "L", x: 10, y: 0 },
    { type: "L", x: 10, y: 10 },
    { type: "L", x: 0, y: 10 },
    { type: "Z" },
  ]);

  it("is negative inside an outline and positive outside, by the distance to its nearest edge", () => {
    expect(signedDistance(5, 5, square)).toBeCloseTo(-5);
    expect(signedDistance(1, 5, square)).toBeCloseTo(-1);
    expect(signedDistance(13, 14, square)).toBeCloseTo(5);
  });
});

describe("sdfGlyph", () => {
  it("draws a letter's field at 24 px: inside its stem past MapLibre's edge, outside below it", () => {
    const glyph = sdfGlyph(geist, "l".codePointAt(0) ?? 0);
    expect(glyph).not.toBeNull();
    if (!glyph) return;
    const columns = glyph.width + 6;
    expect(glyph.bitmap.length).toBe(columns * (glyph.height + 6));
    // An "l" is one upright stem: its middle row crosses outside, edge, inside, edge, outside.
    const middle = Array.from(glyph.bitmap.slice(Math.floor((glyph.height + 6) / 2) * columns).slice(0, columns));
    expect(Math.max(...middle)).toBeGreaterThan(EDGE);
    expect(middle[0]).toBeLessThan(EDGE);
    expect(middle.at(-1)).toBeLessThan(EDGE);
    expect(glyph.height).toBeGreaterThan(15);
    expect(glyph.advance).toBeGreaterThan(glyph.width);
  });

  it("leaves the hole of an o open, gives a space its advance alone, and has nothing for a character not in the font", () => {
    const o = sdfGlyph(geist, "o".codePointAt(0) ?? 0);
    if (!o) throw new Error("no o");
    const columns = o.width + 6;
    const centre = o.bitmap[Math.floor((o.height + 6) / 2) * columns + Math.floor(columns / 2)] ?? 255;
    expect(centre).toBeLessThan(EDGE);
    const space = sdfGlyph(geist, 32);
    expect(space).toMatchObject({ width: 0, height: 0, bitmap: new Uint8Array(0) });
    expect(space?.advance).toBeGreaterThan(3);
    expect(sdfGlyph(geist, 0x4e00)).toBeNull();
  });
});

describe("glyphRange", () => {
  it("writes one font stack named with its range, holding each character the font has", () => {
    const range = glyphRange(geist, "geist-regular", 0);
    const text = new TextDecoder("latin1").decode(range);
    expect(range[0]).toBe(0x0a);
    expect(text).toContain("geist-regular");
    expect(text).toContain("0-255");
    // Far more than the printable ASCII characters' 95 headers: their fields make up most of it.
    expect(range.length).toBeGreaterThan(95 * 200);
  });
});
