import type { GlyphAtlas } from "./cluster-marks";

/**
 * The clusters' counts are drawn from a small atlas of the characters they use, drawn once in the browser from the
 * counts' font: Geist SemiBold, the dashboard's own typeface (the `geist` package), copied into public/ on install by
 * scripts/prepare-basemap.ts. One 47 kB file, fetched from this site: no glyph server, nothing from outside the
 * machine.
 */
const COUNT_FONT_URL = "/basemap/fonts/geist-semibold.woff2";
/** The family the font is registered under for the atlas (not the page's own Geist, which next/font names). */
const COUNT_FONT_FAMILY = "Dashboard Counts";

/** Every character a count can have: supercluster abbreviates 1,234 to "1.2k" and 12,345 to "12k". */
const CHARACTERS = "0123456789.k";
/** Drawn at this size and scaled down to 11 to 13 CSS pixels: sharp up to a pixel ratio of about 2.5. */
const FONT_PX = 32;
/** The halo's width at that size: about one CSS pixel around each count. */
const HALO_PX = 2.5;
const HALO_COLOR = "rgba(0,0,0,0.45)";

let loading: Promise<string> | null = null;

/**
 * Loads the counts' font once per page, and resolves with the family to draw with: the system's sans-serif when the
 * font cannot be loaded, so that the counts still show.
 */
export function loadCountFont(): Promise<string> {
  loading ??= (async () => {
    try {
      const face = new FontFace(COUNT_FONT_FAMILY, `url(${COUNT_FONT_URL})`);
      document.fonts.add(await face.load());
      return `"${COUNT_FONT_FAMILY}"`;
    } catch {
      return "sans-serif";
    }
  })();
  return loading;
}

/** The atlas image (white counts with a dark halo, on transparent) and where each character sits in it. */
export function drawGlyphAtlas(family: string): { atlas: GlyphAtlas; image: HTMLCanvasElement } {
  const image = document.createElement("canvas");
  const context = image.getContext("2d");
  if (!context) throw new Error("the counts' glyphs could not be drawn (no 2D canvas)");
  const font = `${FONT_PX}px ${family}`;
  context.font = font;
  const pad = Math.ceil(HALO_PX) + 2;
  const digitHeight = context.measureText("0").actualBoundingBoxAscent;
  const height = Math.ceil(FONT_PX * 1.25) + 2 * pad;
  const baseline = pad + Math.ceil(FONT_PX * 0.95);
  const cells = [...CHARACTERS].map((character) => ({ character, advance: context.measureText(character).width }));
  let x = 0;
  const glyphs = new Map<string, { x: number; y: number; width: number; height: number; advance: number }>();
  for (const { character, advance } of cells) {
    const width = Math.ceil(advance) + 2 * pad;
    glyphs.set(character, { x, y: 0, width, height, advance });
    x += width + 1;
  }
  image.width = x;
  image.height = height;
  // Resizing the canvas resets its state.
  context.font = font;
  context.textBaseline = "alphabetic";
  context.lineJoin = "round";
  context.lineWidth = 2 * HALO_PX;
  context.strokeStyle = HALO_COLOR;
  context.fillStyle = "#ffffff";
  for (const [character, glyph] of glyphs) {
    context.strokeText(character, glyph.x + pad, baseline);
    context.fillText(character, glyph.x + pad, baseline);
  }
  return {
    atlas: { width: image.width, height, fontPx: FONT_PX, pad, middle: baseline - digitHeight / 2, glyphs },
    image,
  };
}
