import { describe, expect, it } from "vitest";
import type { ChangeRecord } from "@/lib/models/audit";
import { changeCsvHeader, changeCsvRow } from "./csv";

/** The record's CSV: RFC 4180 cells, and no cell a spreadsheet would run as a formula. */

const entry = (detail: string, target?: string): ChangeRecord => ({
  id: "1",
  at: "2026-11-01T10:00:00.000Z",
  actor: "0x00000000000000000000000000000000000ad001",
  via: "dimo",
  email: "admin@example.com",
  role: "admin",
  kind: "license.rename",
  target,
  detail,
});

/** Splits one CSV row into its cells, undoing RFC 4180 quoting. */
function cells(row: string): string[] {
  expect(row.endsWith("\r\n")).toBe(true);
  const out: string[] = [];
  const pattern = /("(?:[^"]|"")*"|[^,]*)(,|\r\n$)/gy;
  for (let match = pattern.exec(row); match; match = pattern.exec(row)) {
    const cell = match[1] ?? "";
    out.push(cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell);
    if (match[2] === "\r\n") break;
  }
  return out;
}

describe("the record's CSV", () => {
  it("has a header naming the columns the page shows", () => {
    expect(cells(changeCsvHeader())).toEqual([
      "Time (UTC)",
      "Person",
      "Signed in with",
      "Role",
      "Kind",
      "Change",
      "Target",
      "Detail",
    ]);
  });

  it("writes one change a row, its words and ids as they are", () => {
    expect(cells(changeCsvRow(entry("Renamed the license to Fleet", "0xabc")))).toEqual([
      "2026-11-01T10:00:00.000Z",
      "0x00000000000000000000000000000000000ad001",
      "DIMO (admin@example.com)",
      "admin",
      "license.rename",
      "License renamed",
      "0xabc",
      "Renamed the license to Fleet",
    ]);
  });

  it("quotes commas, quotes and line breaks, so a detail stays one cell", () => {
    const detail = 'Renamed the license to "North, South"\r\nand more';
    const row = changeCsvRow(entry(detail));
    expect(row).toContain('"Renamed the license to ""North, South""\r\nand more"');
    expect(cells(row).at(-1)).toBe(detail);
    expect(cells(row)).toHaveLength(8);
  });

  it.each(['=HYPERLINK("http://evil")', "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"])(
    "defuses a cell a spreadsheet would run: %j",
    (text) => {
      const row = cells(changeCsvRow(entry(text, text)));
      for (const cell of row.slice(-2)) {
        expect(cell.startsWith("'")).toBe(true);
        expect(cell.slice(1)).toBe(text);
      }
    },
  );
});
