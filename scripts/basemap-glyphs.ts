// The built-in basemap's labels need their characters as MapLibre's glyph ranges: for each block of 256 code points,
// a protocol buffer of signed distance fields drawn at 24 px with a 3 px border (the format glyph servers serve).
// They are made here on install from the dashboard's own font, from the glyphs' outlines: the distance of each pixel to
// the outline, with no rasteriser and no native code.
import opentype, { type Font, type PathCommand } from "opentype.js";

/** MapLibre's glyph format: characters drawn at this size, with this border of distance field around each. */
const FONT_PX = 24;
const BORDER = 3;
/** The field's reach and where its edge sits in the byte, as MapLibre's own local glyphs (TinySDF) draw them. */
const RADIUS = 8;
const CUTOFF = 0.25;
/** Where a glyph's top is measured from: the baseline offset MapLibre aligns its local glyphs with. */
const TOP_ADJUSTMENT = 27;
/** Straight segments a curve is cut into: finer than a pixel at 24 px. */
const CURVE_STEPS = 8;

type Point = readonly [number, number];

interface SdfGlyph {
  id: number;
  /** (width + 2 * BORDER) x (height + 2 * BORDER) bytes, row by row; empty for a glyph with no outline. */
  bitmap: Uint8Array;
  width: number;
  height: number;
  left: number;
  top: number;
  advance: number;
}

/** The outline's closed contours as polygons, in pixels, y down from the baseline. */
export function contoursOf(commands: readonly PathCommand[]): Point[][] {
  const contours: Point[][] = [];
  let contour: Point[] = [];
  let at: Point = [0, 0];
  const close = () => {
    if (contour.length > 2) contours.push(contour);
    contour = [];
  };
  for (const command of commands) {
    if (command.type === "M") {
      close();
      at = [command.x, command.y];
      contour.push(at);
    } else if (command.type === "L") {
      at = [command.x, command.y];
      contour.push(at);
    } else if (command.type === "Q" || command.type === "C") {
      const from = at;
      for (let step = 1; step <= CURVE_STEPS; step++) {
        const t = step / CURVE_STEPS;
        const u = 1 - t;
        const point: Point =
          command.type === "Q"
            ? [
                u * u * from[0] + 2 * u * t * command.x1 + t * t * command.x,
                u * u * from[1] + 2 * u * t * command.y1 + t * t * command.y,
              ]
            : [
                u * u * u * from[0] + 3 * u * u * t * command.x1 + 3 * u * t * t * command.x2 + t * t * t * command.x,
                u * u * u * from[1] + 3 * u * u * t * command.y1 + 3 * u * t * t * command.y2 + t * t * t * command.y,
              ];
        contour.push(point);
      }
      at = [command.x, command.y];
    } else {
      close();
    }
  }
  close();
  return contours;
}

/** The distance from a point to the outline, negative inside it (non-zero winding, as fonts are filled). */
export function signedDistance(x: number, y: number, contours: readonly Point[][]): number {
  let nearest = Infinity;
  let winding = 0;
  for (const contour of contours) {
    for (let k = 0; k < contour.length; k++) {
      const [ax, ay] = contour[k] as Point;
      const [bx, by] = contour[(k + 1) % contour.length] as Point;
      const dx = bx - ax;
      const dy = by - ay;
      const length = dx * dx + dy * dy;
      const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / length));
      const ex = ax + t * dx - x;
      const ey = ay + t * dy - y;
      nearest = Math.min(nearest, ex * ex + ey * ey);
      // Crossings of a ray from the point towards +x.
      if (ay <= y !== by <= y) {
        const crossX = ax + ((y - ay) / dy) * dx;
        if (crossX > x) winding += by > ay ? 1 : -1;
      }
    }
  }
  const distance = Math.sqrt(nearest);
  return winding === 0 ? distance : -distance;
}

/** One character's distance field and metrics, or null when the font has no glyph for it. */
export function sdfGlyph(font: Font, codePoint: number): SdfGlyph | null {
  const glyph = font.charToGlyph(String.fromCodePoint(codePoint));
  if (glyph.index === 0) return null;
  const scale = FONT_PX / font.unitsPerEm;
  const advance = Math.round((glyph.advanceWidth ?? 0) * scale);
  const contours = contoursOf(glyph.getPath(0, 0, FONT_PX).commands);
  const points = contours.flat();
  if (points.length === 0)
    return { id: codePoint, bitmap: new Uint8Array(0), width: 0, height: 0, left: 0, top: 0, advance };
  const left = Math.floor(Math.min(...points.map(([x]) => x)));
  const right = Math.ceil(Math.max(...points.map(([x]) => x)));
  const ascent = Math.ceil(-Math.min(...points.map(([, y]) => y)));
  const descent = Math.ceil(Math.max(...points.map(([, y]) => y)));
  const width = right - left;
  const height = ascent + descent;
  const columns = width + 2 * BORDER;
  const rows = height + 2 * BORDER;
  const bitmap = new Uint8Array(columns * rows);
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const d = signedDistance(left - BORDER + column + 0.5, -ascent - BORDER + row + 0.5, contours);
      bitmap[row * columns + column] = Math.max(0, Math.min(255, Math.round(255 - 255 * (d / RADIUS + CUTOFF))));
    }
  }
  return { id: codePoint, bitmap, width, height, left, top: ascent - TOP_ADJUSTMENT, advance };
}

/** Protocol buffer writing, as much as the glyph format needs: varints, zigzag, length-delimited fields. */
class ProtoWriter {
  private readonly bytes: number[] = [];

  varint(field: number, value: number): this {
    return this.key(field, 0).raw(value);
  }

  svarint(field: number, value: number): this {
    return this.varint(field, value < 0 ? -2 * value - 1 : 2 * value);
  }

  bytesField(field: number, value: Uint8Array): this {
    this.key(field, 2).raw(value.length);
    for (const byte of value) this.bytes.push(byte);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytesField(field, new TextEncoder().encode(value));
  }

  finish(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }

  private key(field: number, wireType: number): this {
    return this.raw(field * 8 + wireType);
  }

  private raw(value: number): this {
    let rest = value;
    while (rest > 0x7f) {
      this.bytes.push((rest & 0x7f) | 0x80);
      rest = Math.floor(rest / 128);
    }
    this.bytes.push(rest);
    return this;
  }
}

/** The glyph range `start`..`start + 255` of a font stack, as MapLibre fetches it (`{fontstack}/{range}.pbf`). */
export function glyphRange(font: Font, fontstack: string, start: number): Uint8Array {
  const stack = new ProtoWriter().string(1, fontstack).string(2, `${start}-${start + 255}`);
  for (let codePoint = start; codePoint <= start + 255; codePoint++) {
    const glyph = sdfGlyph(font, codePoint);
    if (!glyph) continue;
    const message = new ProtoWriter().varint(1, glyph.id);
    if (glyph.bitmap.length > 0) message.bytesField(2, glyph.bitmap);
    message
      .varint(3, glyph.width)
      .varint(4, glyph.height)
      .svarint(5, glyph.left)
      .svarint(6, glyph.top)
      .varint(7, glyph.advance);
    stack.bytesField(3, message.finish());
  }
  return new ProtoWriter().bytesField(1, stack.finish()).finish();
}

/** A font file's bytes as opentype.js reads them. */
export function fontOf(file: Buffer): Font {
  return opentype.parse(Uint8Array.from(file).buffer);
}
