import { describe, expect, it } from "vitest";
import {
  type LighthousePage,
  type LighthouseReport,
  failedAuditIds,
  lighthouseRows,
  summarizeReport,
  withTbtRatios,
} from "./lighthouse-report";

function report(overrides: Partial<LighthouseReport> = {}): LighthouseReport {
  return {
    finalDisplayedUrl: "http://127.0.0.1:3000/vehicles",
    categories: {
      performance: { score: 0.664, auditRefs: [{ id: "total-blocking-time", weight: 30 }] },
      accessibility: { score: 1, auditRefs: [{ id: "color-contrast", weight: 7 }] },
      "best-practices": {
        score: 0.96,
        auditRefs: [
          { id: "errors-in-console", weight: 1 },
          { id: "favicon", weight: 1 },
          { id: "inspector-issues", weight: 1 },
          { id: "deprecations", weight: 5 },
          { id: "valid-source-maps", weight: 0 },
        ],
      },
    },
    audits: {
      "total-blocking-time": { score: 0.2, numericValue: 1450.4 },
      interactive: { score: 0.5, numericValue: 6200 },
      "largest-contentful-paint": { score: 0.9, numericValue: 900 },
      "color-contrast": { score: 1 },
      "errors-in-console": { score: 0 },
      favicon: { score: 0.5 },
      "inspector-issues": { score: null },
      deprecations: { score: 1 },
      "valid-source-maps": { score: 0 },
    },
    ...overrides,
  };
}

const page = (path: string, totalBlockingTimeMs: number, more: Partial<LighthousePage> = {}): LighthousePage => ({
  ...summarizeReport(path, true, report()),
  totalBlockingTimeMs,
  ...more,
});

describe("failedAuditIds", () => {
  it("lists the audits that took points off, leaving out the unscored and the unweighed", () => {
    expect(failedAuditIds(report(), "best-practices")).toEqual(["errors-in-console", "favicon"]);
    expect(failedAuditIds(report(), "accessibility")).toEqual([]);
  });

  it("gives none for a category the report does not have", () => {
    expect(failedAuditIds(report({ categories: {} }), "best-practices")).toEqual([]);
  });
});

describe("summarizeReport", () => {
  it("keeps the scores out of 100 and the metrics in milliseconds", () => {
    const summary = summarizeReport("/vehicles/21957", true, report());
    expect(summary).toMatchObject({
      performance: 66,
      accessibility: 100,
      bestPractices: 96,
      totalBlockingTimeMs: 1450.4,
      timeToInteractiveMs: 6200,
      largestContentfulPaintMs: 900,
      failedAudits: { bestPractices: ["errors-in-console", "favicon"], accessibility: [] },
    });
    expect(summary.runtimeError).toBeUndefined();
  });

  it("gives NaN for a missing score or metric and names a runtime error", () => {
    const summary = summarizeReport(
      "/login",
      false,
      report({ categories: {}, audits: {}, runtimeError: { code: "NO_FCP", message: "no paint" } }),
    );
    expect(summary.performance).toBeNaN();
    expect(summary.totalBlockingTimeMs).toBeNaN();
    expect(summary.runtimeError).toBe("NO_FCP: no paint");
  });
});

describe("withTbtRatios", () => {
  it("divides each page's blocking time by the baseline page's", () => {
    const pages = withTbtRatios([page("/login", 80), page("/trips", 400)], "/login");
    expect(pages.map((one) => one.tbtVsLogin)).toEqual([1, 5]);
  });

  it("floors a baseline with no blocking time, so the ratios stay finite", () => {
    const pages = withTbtRatios([page("/login", 0), page("/trips", 400)], "/login");
    expect(pages.map((one) => one.tbtVsLogin)).toEqual([0, 8]);
  });

  it("gives NaN ratios without the baseline page", () => {
    expect(withTbtRatios([page("/trips", 400)], "/login")[0]?.tbtVsLogin).toBeNaN();
  });
});

describe("lighthouseRows", () => {
  const mapShare = { blockingMs: 300, blockingShare: 0.5, cpuMs: 900, cpuShare: 0.4 };
  const rows = lighthouseRows([
    page("/login", 100, { performance: 100, accessibility: 100, bestPractices: 100 }),
    page("/value", 450),
    page("/trips", 3650, { map: mapShare, largestContentfulPaintMs: 2600, cumulativeLayoutShift: 0.051 }),
    page("/overview", 900, { map: mapShare, largestContentfulPaintMs: 800, cumulativeLayoutShift: 0.004 }),
  ]);
  const row = (measure: string) => rows.find((candidate) => candidate.measure === `Lighthouse ${measure}`);

  it("holds the pages without a map to the performance minimum, and every page to the other scores", () => {
    expect(row("/login: performance")?.pass).toBe(true);
    expect(row("/value: performance")).toMatchObject({ value: "66", budget: ">= 90", pass: false });
    expect(row("/trips: best practices")).toMatchObject({ budget: "= 100", pass: false });
    expect(row("/overview: accessibility")?.pass).toBe(true);
  });

  it("reports the map pages' performance without a budget, and holds their paint and layout shift", () => {
    expect(row("/trips: performance")).toBeUndefined();
    expect(row("/trips: largest contentful paint")).toMatchObject({ value: "2600 ms", pass: false });
    expect(row("/trips: cumulative layout shift")).toMatchObject({ value: "0.051", budget: "<= 0.02", pass: false });
    expect(row("/overview: largest contentful paint")?.pass).toBe(true);
    expect(row("/overview: cumulative layout shift")).toMatchObject({ value: "0.004", pass: true });
  });

  it("fails a budget whose figure is missing", () => {
    const missing = lighthouseRows([page("/value", 0, { performance: Number.NaN })]);
    expect(missing[0]).toMatchObject({ value: "n/a", pass: false });
  });
});
