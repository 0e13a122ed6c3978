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
  const pages = withTbtRatios(
    [
      page("/login", 100, { performance: 100, accessibility: 100, bestPractices: 100 }),
      page("/overview", 450, { timeToInteractiveMs: 1500 }),
      page("/trips", 3650, { timeToInteractiveMs: 6200 }),
    ],
    "/login",
  );
  const rows = lighthouseRows(pages, "/trips", "/overview");
  const row = (measure: string) => rows.find((candidate) => candidate.measure === `Lighthouse ${measure}`);

  it("holds every page's scores to their minimums", () => {
    expect(row("/login: performance")?.pass).toBe(true);
    expect(row("/trips: performance")).toMatchObject({ value: "66", budget: ">= 90", pass: false });
    expect(row("/trips: best practices")).toMatchObject({ budget: "= 100", pass: false });
    expect(row("/overview: accessibility")?.pass).toBe(true);
  });

  it("holds the map pages' blocking time to a ratio of the login page's", () => {
    expect(row("/overview: total blocking time")).toMatchObject({ ratio: "4.50x login page's", pass: true });
    expect(row("/trips: total blocking time")).toMatchObject({ ratio: "36.50x login page's", pass: false });
  });

  it("holds the trips page's time to interactive under its ceiling", () => {
    expect(row("/trips: time to interactive")).toMatchObject({ value: "6200 ms", pass: false });
  });

  it("fails a budget whose page was not measured", () => {
    const missing = lighthouseRows([], "/trips", "/overview");
    expect(missing.every((one) => one.pass === false)).toBe(true);
  });
});
