/**
 * CSV per RFC 4180: fields holding a comma, a quote or a line break are quoted, quotes doubled; rows end in CRLF.
 * null and undefined are empty cells.
 *
 * Text that a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return) is prefixed
 * with a single quote, so opening an export cannot run anything a trip id or any other upstream text carried.
 * Numbers are written as numbers: a negative longitude stays -115.5.
 */

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const raw = String(value);
  const text = typeof value === "string" && FORMULA_START.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
