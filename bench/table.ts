/** The bench's report as a Markdown table: readable in a terminal as printed, and pasted as is into bench/README.md. */

export interface ReportRow {
  measure: string;
  /** The figure as measured, for reference: its absolute value depends on the machine. */
  value: string;
  /** The figure as a ratio to the baseline it is compared with, naming the baseline; absent for a figure with none. */
  ratio?: string;
  /** Empty for a figure that has no budget. */
  budget: string;
  /** undefined for a figure that has no budget. */
  pass?: boolean;
}

export const verdict = (pass: boolean | undefined): string => (pass === undefined ? "" : pass ? "pass" : "FAIL");

// A pipe inside a cell would end the cell in Markdown.
const escapeCell = (text: string) => text.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ");

/** A Markdown table whose columns are padded to one width each, so the raw text lines up too. */
export function markdownTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  for (const row of rows) {
    if (row.length !== headers.length)
      throw new Error(`a row has ${row.length} cells, the table ${headers.length} columns`);
  }
  const cells = [headers, ...rows].map((row) => row.map(escapeCell));
  const widths = headers.map((_, column) => Math.max(3, ...cells.map((row) => (row[column] ?? "").length)));
  const line = (row: readonly string[]) =>
    `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(" | ")} |`;
  const [head, ...body] = cells;
  return [line(head ?? []), `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`, ...body.map(line)].join(
    "\n",
  );
}

export function reportTable(rows: readonly ReportRow[]): string {
  return markdownTable(
    ["measure", "value", "vs baseline", "budget", "result"],
    rows.map((row) => [row.measure, row.value, row.ratio ?? "", row.budget, verdict(row.pass)]),
  );
}

/** A ratio for a table cell, with the baseline it is to when given: "1.42x empty map load"; "n/a" without one. */
export function formatRatio(ratio: number, baseline?: string): string {
  if (!Number.isFinite(ratio)) return "n/a";
  return baseline ? `${ratio.toFixed(2)}x ${baseline}` : `${ratio.toFixed(2)}x`;
}

/** Milliseconds for a table cell: two decimals under 10 ms, one under 100, none above. */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return "n/a";
  const digits = Math.abs(ms) < 10 ? 2 : Math.abs(ms) < 100 ? 1 : 0;
  return `${ms.toFixed(digits)} ms`;
}

/** Bytes as kB (1 kB = 1,000 bytes, as Next.js and bundle analysers report them). */
export function formatKb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}
