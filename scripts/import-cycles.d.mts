import { type ESLint } from "eslint";

/** Every group of files that import each other in a circle, as paths relative to `root`, each group sorted. */
export function importCycles(root: string): string[][];

/** Each project file's imports, as paths relative to `root`. */
export function importEdges(root: string): Map<string, string[]>;

export const importCyclesPlugin: ESLint.Plugin;
