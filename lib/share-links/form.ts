import { MAX_INT32 } from "@/lib/protocol";

/** How the builder's free-text fields become a link's lists: commas or new lines between values, blanks dropped. */

export function splitList(text: string): string[] {
  const values = text
    .split(/[,\n]/)
    .map((value) => value.trim())
    .filter((value) => value !== "");
  return [...new Set(values)];
}

/** Vehicle token ids typed by hand, with the values that are none, to name them rather than drop them quietly. */
export function parseVehicleIds(text: string): { ids: number[]; problems: string[] } {
  const ids: number[] = [];
  const problems: string[] = [];
  for (const value of splitList(text.replace(/\s+/g, ","))) {
    const id = /^\d+$/.test(value) ? Number(value) : Number.NaN;
    if (Number.isInteger(id) && id >= 1 && id <= MAX_INT32) ids.push(id);
    else problems.push(`Vehicle ids are whole numbers from 1 up: ${value} is not one.`);
  }
  return { ids, problems };
}
