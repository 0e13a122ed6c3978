/**
 * CSV per RFC 4180: fields holding a comma, a quote or a line break are quoted, quotes doubled; rows end in CRLF.
 * null and undefined are empty cells.
 */

export type CsvValue = string | number | boolean | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "number" && !Number.isFinite(value) ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
