import { describe, expect, it } from "vitest";
import { formatKb, formatMs, formatRatio, markdownTable, reportTable, verdict } from "./table";

describe("markdownTable", () => {
  it("pads every column to its widest cell", () => {
    const table = markdownTable(
      ["a", "value"],
      [
        ["long name", "1"],
        ["b", "22"],
      ],
    );
    expect(table.split("\n")).toEqual([
      "| a         | value |",
      "|-----------|-------|",
      "| long name | 1     |",
      "| b         | 22    |",
    ]);
  });

  it("escapes pipes and folds line breaks inside cells", () => {
    const table = markdownTable(["x"], [["a | b\nc"]]);
    expect(table.split("\n")[2]).toBe("| a \\| b c |");
  });

  it("refuses a row with the wrong number of cells", () => {
    expect(() => markdownTable(["a", "b"], [["only one"]])).toThrow(/1 cells, the table 2 columns/);
  });
});

describe("reportTable", () => {
  it("writes pass, FAIL or nothing in the result column, and a ratio to its baseline where a row has one", () => {
    const lines = reportTable([
      { measure: "m1", value: "1", budget: "= 1", pass: true },
      { measure: "m2", value: "3", ratio: "3.00x none", budget: "< 2x", pass: false },
      { measure: "m3", value: "9", budget: "" },
    ]).split("\n");
    expect(lines[0]).toMatch(/^\| measure \| value \| vs baseline \| budget \| result \|$/);
    expect(lines[3]).toMatch(/^\| m2 +\| 3 +\| 3\.00x none +\| < 2x +\|/);
    expect(lines[2]).toMatch(/\| pass +\|$/);
    expect(lines[3]).toMatch(/\| FAIL +\|$/);
    expect(lines[4]).toMatch(/\| +\|$/);
    expect(verdict(undefined)).toBe("");
  });
});

describe("formatters", () => {
  it("formats milliseconds with fewer digits as they grow", () => {
    expect(formatMs(1.234)).toBe("1.23 ms");
    expect(formatMs(12.34)).toBe("12.3 ms");
    expect(formatMs(1234.5)).toBe("1235 ms");
    expect(formatMs(-0.5)).toBe("-0.50 ms");
    expect(formatMs(Number.NaN)).toBe("n/a");
  });

  it("formats a ratio with two decimals and the baseline it is to", () => {
    expect(formatRatio(1.416, "empty map load")).toBe("1.42x empty map load");
    expect(formatRatio(0.3)).toBe("0.30x");
    expect(formatRatio(Number.NaN, "bare route")).toBe("n/a");
  });

  it("formats bytes as decimal kilobytes", () => {
    expect(formatKb(189_960)).toBe("190.0 kB");
    expect(formatKb(0)).toBe("0.0 kB");
  });
});
