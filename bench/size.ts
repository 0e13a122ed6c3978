/**
 * BENCH_TOY=1 runs a bench once at a toy size: seconds, no budget judged, only to show it still runs to its end
 * (`npm test` runs every bench so, through bench/every-bench.ts). Without it each bench measures at its full size.
 */
export const TOY = process.env.BENCH_TOY === "1";

/** The full size of a measurement, or its toy size under BENCH_TOY=1. */
export const sized = <T>(full: T, toy: T): T => (TOY ? toy : full);
