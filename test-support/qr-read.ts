import { QUIET_ZONE } from "@/lib/share-links/qr";

/**
 * Reads the drawn QR code back as a scanner does, from the SVG path alone and by the standard (ISO/IEC 18004), not
 * through the encoder: format information, function patterns, mask, the zigzag placement, block interleaving and the
 * byte-mode segment. Every block's error-correction codewords must be the Reed-Solomon remainder of its data, so any
 * module drawn wrong anywhere fails the read: the drawing must have nothing to correct. For the tests (unit and
 * browser), which check that the code shown is the link.
 */

/** Error-correction codewords per block and number of blocks, level M, by version (index 0 unused). */
const EC_PER_BLOCK_M = [
  0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28,
  28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
];
const BLOCKS_M = [
  0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33,
  35, 37, 38, 40, 43, 45, 47, 49,
];
const FORMAT_MASK = 0b101010000010010;
const LEVEL_M = 0b00;

const MASKS: ((row: number, col: number) => boolean)[] = [
  (r, c) => (r + c) % 2 === 0,
  (r) => r % 2 === 0,
  (_, c) => c % 3 === 0,
  (r, c) => (r + c) % 3 === 0,
  (r, c) => (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0,
  (r, c) => ((r * c) % 2) + ((r * c) % 3) === 0,
  (r, c) => (((r * c) % 2) + ((r * c) % 3)) % 2 === 0,
  (r, c) => (((r + c) % 2) + ((r * c) % 3)) % 2 === 0,
];

/** The dark modules of a drawn code, as rows of booleans without the quiet zone; the quiet zone must be light. */
export function modulesOf(svg: { size: number; path: string }): boolean[][] {
  const grid = Array.from({ length: svg.size }, () => Array<boolean>(svg.size).fill(false));
  for (const [, x, y] of svg.path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    const row = grid[Number(y)];
    if (row) row[Number(x)] = true;
  }
  grid.forEach((row, y) =>
    row.forEach((dark, x) => {
      const inZone = Math.min(x, y, svg.size - 1 - x, svg.size - 1 - y) < QUIET_ZONE;
      if (dark && inZone) throw new Error(`a dark module in the quiet zone at ${x},${y}`);
    }),
  );
  return grid.slice(QUIET_ZONE, svg.size - QUIET_ZONE).map((row) => row.slice(QUIET_ZONE, svg.size - QUIET_ZONE));
}

function alignmentCentres(version: number, size: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = version === 32 ? 26 : Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2;
  const centres = [6];
  for (let pos = size - 7; centres.length < count; pos -= step) centres.splice(1, 0, pos);
  return centres;
}

/** Which modules are function patterns (finders, separators, format and version areas, timing, alignment). */
function functionModules(version: number, size: number): boolean[][] {
  const fn = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  const mark = (r: number, c: number, h: number, w: number) => {
    for (let y = r; y < r + h; y += 1) {
      const row = fn[y];
      if (row) for (let x = c; x < c + w; x += 1) row[x] = true;
    }
  };
  mark(0, 0, 9, 9);
  mark(0, size - 8, 9, 8);
  mark(size - 8, 0, 8, 9);
  mark(6, 0, 1, size);
  mark(0, 6, size, 1);
  const centres = alignmentCentres(version, size);
  const last = centres.length - 1;
  centres.forEach((r, i) =>
    centres.forEach((c, j) => {
      const onFinder = (i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0);
      if (!onFinder) mark(r - 2, c - 2, 5, 5);
    }),
  );
  if (version >= 7) {
    mark(0, size - 11, 6, 3);
    mark(size - 11, 0, 3, 6);
  }
  return fn;
}

/** Multiplication in GF(2^8) modulo x^8 + x^4 + x^3 + x^2 + 1, the field of QR codes' Reed-Solomon codes. */
function gfMultiply(a: number, b: number): number {
  let product = 0;
  for (let i = 7; i >= 0; i -= 1) {
    product = (product << 1) ^ ((product >>> 7) * 0x11d);
    product ^= ((b >>> i) & 1) * a;
  }
  return product;
}

/** The error-correction codewords of a block: its data divided by the generator of that degree, the remainder. */
function reedSolomon(data: readonly number[], degree: number): number[] {
  const divisor = Array<number>(degree).fill(0);
  divisor[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i += 1) {
    for (let j = 0; j < degree; j += 1) {
      divisor[j] = gfMultiply(divisor[j] ?? 0, root) ^ (divisor[j + 1] ?? 0);
    }
    root = gfMultiply(root, 0x02);
  }
  const remainder = Array<number>(degree).fill(0);
  for (const byte of data) {
    const factor = byte ^ (remainder.shift() ?? 0);
    remainder.push(0);
    divisor.forEach((coefficient, i) => (remainder[i] = (remainder[i] ?? 0) ^ gfMultiply(coefficient, factor)));
  }
  return remainder;
}

export function readQr(modules: boolean[][]): string {
  const size = modules.length;
  const version = (size - 17) / 4;
  if (!Number.isInteger(version) || version < 1 || version > 40) throw new Error(`not a QR code size: ${size}`);
  const dark = (r: number, c: number) => modules[r]?.[c] === true;

  // Format information beside the top-left finder: bit i (least significant first) down column 8, then along row 8.
  const formatCell = (i: number): [number, number] =>
    i <= 5 ? [i, 8] : i === 6 ? [7, 8] : i === 7 ? [8, 8] : i === 8 ? [8, 7] : [8, 14 - i];
  let format = 0;
  for (let i = 0; i < 15; i += 1) if (dark(...formatCell(i))) format |= 1 << i;
  const info = (format ^ FORMAT_MASK) >> 10;
  const level = info >> 3;
  const mask = MASKS[info & 0b111];
  if (level !== LEVEL_M || !mask) throw new Error(`unexpected format information ${info.toString(2)}`);

  const fn = functionModules(version, size);
  const bits: number[] = [];
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vert = 0; vert < size; vert += 1) {
      for (let j = 0; j < 2; j += 1) {
        const col = right - j;
        const upward = ((right + 1) & 2) === 0;
        const row = upward ? size - 1 - vert : vert;
        if (fn[row]?.[col]) continue;
        bits.push(dark(row, col) !== mask(row, col) ? 1 : 0);
      }
    }
  }

  // The codewords, de-interleaved into blocks: data columns first (short blocks end one early), then the EC columns.
  const raw: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8)
    raw.push(bits.slice(i, i + 8).reduce((byte, bit) => (byte << 1) | bit, 0));
  const blocks = BLOCKS_M[version] ?? 0;
  const ecLength = EC_PER_BLOCK_M[version] ?? 0;
  const shortLength = Math.floor(raw.length / blocks);
  const shortBlocks = blocks - (raw.length % blocks);
  const dataLengths = Array.from({ length: blocks }, (_, b) => shortLength - ecLength + (b < shortBlocks ? 0 : 1));
  const data: number[][] = dataLengths.map(() => []);
  let next = 0;
  for (let i = 0; i < Math.max(...dataLengths); i += 1) {
    for (let b = 0; b < blocks; b += 1) {
      if (i < (dataLengths[b] ?? 0)) data[b]?.push(raw[next++] ?? 0);
    }
  }

  const ec: number[][] = dataLengths.map(() => []);
  for (let i = 0; i < ecLength; i += 1) for (let b = 0; b < blocks; b += 1) ec[b]?.push(raw[next++] ?? 0);
  data.forEach((block, b) => {
    if (JSON.stringify(reedSolomon(block, ecLength)) !== JSON.stringify(ec[b]))
      throw new Error(`block ${b} does not match its error correction: a module is drawn wrong`);
  });

  // One byte-mode segment: mode 0100, the length (8 bits up to version 9, else 16), then the bytes.
  const stream = data.flat().flatMap((byte) => [...byte.toString(2).padStart(8, "0")].map(Number));
  const take = (count: number) => {
    const value = stream.splice(0, count).reduce((sum, bit) => sum * 2 + (bit ?? 0), 0);
    return value;
  };
  const mode = take(4);
  if (mode !== 0b0100) throw new Error(`not a byte-mode segment: mode ${mode}`);
  const length = take(version <= 9 ? 8 : 16);
  const bytes = Array.from({ length }, () => take(8));
  return new TextDecoder().decode(new Uint8Array(bytes));
}
