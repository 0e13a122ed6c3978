import { encode } from "uqr";

/**
 * A QR code as one SVG path: a unit square per dark module, inside a quiet zone of four modules as the standard asks,
 * so that phone cameras find it on any background. Error correction M keeps a long link readable when a bit smudged.
 */

export const QUIET_ZONE = 4;

export interface QrSvg {
  /** Modules per side, quiet zone included: the SVG's viewBox is `0 0 size size`. */
  size: number;
  /** The dark modules, as an SVG path's `d`. */
  path: string;
}

export function qrSvg(text: string): QrSvg {
  const { data } = encode(text, { ecc: "M", border: 0 });
  const parts: string[] = [];
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`);
    });
  });
  return { size: data.length + 2 * QUIET_ZONE, path: parts.join("") };
}
