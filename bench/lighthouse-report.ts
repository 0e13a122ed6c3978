import { LIGHTHOUSE_BUDGETS, LIGHTHOUSE_TBT_FLOOR_MS, ratio } from "./budgets";
import { type ReportRow, formatMs, formatRatio } from "./table";

/**
 * What the Lighthouse bench keeps of each page's report, and its budgets. Lighthouse's own result type is far larger;
 * the shapes below are the part read here, so the helpers can be tested on small hand-made reports.
 */

interface LighthouseCategory {
  score: number | null;
  /** An audit of weight 0 is shown in the category but counts for nothing in its score. */
  auditRefs: readonly { id: string; weight: number }[];
}

interface LighthouseAudit {
  /** 0 to 1, or null when the audit is not scored (not applicable, informative, manual, errored). */
  score: number | null;
  numericValue?: number;
}

export interface LighthouseReport {
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  categories: Record<string, LighthouseCategory | undefined>;
  audits: Record<string, LighthouseAudit | undefined>;
}

export interface LighthousePage {
  path: string;
  signedIn: boolean;
  /** Where the page ended up: a signed-in page that landed on /login was measured signed out. */
  finalUrl: string;
  /** Category scores, 0 to 100; NaN when Lighthouse gave none (which fails every budget). */
  performance: number;
  accessibility: number;
  bestPractices: number;
  totalBlockingTimeMs: number;
  timeToInteractiveMs: number;
  largestContentfulPaintMs: number;
  /** The audits that kept a category under 100, by id, so the report says why. */
  failedAudits: { bestPractices: string[]; accessibility: string[] };
  runtimeError?: string;
}

export interface LighthousePageWithRatio extends LighthousePage {
  /** Total blocking time over the login page's in the same run (floored, see LIGHTHOUSE_TBT_FLOOR_MS). */
  tbtVsLogin: number;
}

const categoryScore = (report: LighthouseReport, id: string): number => {
  const score = report.categories[id]?.score;
  return typeof score === "number" ? Math.round(score * 100) : Number.NaN;
};

const metricMs = (report: LighthouseReport, id: string): number => report.audits[id]?.numericValue ?? Number.NaN;

/** The ids of the audits that took points off a category's score: weighed, scored and under 1. */
export function failedAuditIds(report: LighthouseReport, categoryId: string): string[] {
  const refs = report.categories[categoryId]?.auditRefs ?? [];
  return refs
    .filter((ref) => {
      const score = report.audits[ref.id]?.score;
      return ref.weight > 0 && typeof score === "number" && score < 1;
    })
    .map((ref) => ref.id);
}

export function summarizeReport(path: string, signedIn: boolean, report: LighthouseReport): LighthousePage {
  return {
    path,
    signedIn,
    finalUrl: report.finalDisplayedUrl,
    performance: categoryScore(report, "performance"),
    accessibility: categoryScore(report, "accessibility"),
    bestPractices: categoryScore(report, "best-practices"),
    totalBlockingTimeMs: metricMs(report, "total-blocking-time"),
    timeToInteractiveMs: metricMs(report, "interactive"),
    largestContentfulPaintMs: metricMs(report, "largest-contentful-paint"),
    failedAudits: {
      bestPractices: failedAuditIds(report, "best-practices"),
      accessibility: failedAuditIds(report, "accessibility"),
    },
    ...(report.runtimeError ? { runtimeError: `${report.runtimeError.code}: ${report.runtimeError.message}` } : {}),
  };
}

/** Each page's total blocking time as a ratio to the baseline page's, floored so that a baseline of 0 stays usable. */
export function withTbtRatios(pages: readonly LighthousePage[], baselinePath: string): LighthousePageWithRatio[] {
  const baseline = pages.find((page) => page.path === baselinePath)?.totalBlockingTimeMs ?? Number.NaN;
  const flooredBaseline = Number.isFinite(baseline) ? Math.max(baseline, LIGHTHOUSE_TBT_FLOOR_MS) : Number.NaN;
  return pages.map((page) => ({ ...page, tbtVsLogin: ratio(page.totalBlockingTimeMs, flooredBaseline) }));
}

const scoreRow = (measure: string, score: number, minimum: number): ReportRow => ({
  measure,
  value: Number.isFinite(score) ? String(score) : "n/a",
  budget: minimum === 100 ? "= 100" : `>= ${minimum}`,
  pass: score >= minimum,
});

/** The budget rows: three scores for every page, then the blocking-time ratios and the trips page's TTI. */
export function lighthouseRows(pages: readonly LighthousePageWithRatio[], tripsPath: string, overviewPath: string) {
  const rows: ReportRow[] = [];
  for (const page of pages) {
    rows.push(scoreRow(`Lighthouse ${page.path}: performance`, page.performance, LIGHTHOUSE_BUDGETS.performanceMin));
    rows.push(
      scoreRow(`Lighthouse ${page.path}: accessibility`, page.accessibility, LIGHTHOUSE_BUDGETS.accessibilityMin),
    );
    rows.push(
      scoreRow(`Lighthouse ${page.path}: best practices`, page.bestPractices, LIGHTHOUSE_BUDGETS.bestPracticesMin),
    );
  }
  for (const path of [overviewPath, tripsPath]) {
    const page = pages.find((candidate) => candidate.path === path);
    rows.push({
      measure: `Lighthouse ${path}: total blocking time`,
      value: formatMs(page?.totalBlockingTimeMs ?? Number.NaN),
      ratio: formatRatio(page?.tbtVsLogin ?? Number.NaN, "login page's"),
      budget: `<= ${LIGHTHOUSE_BUDGETS.mapPageTbtVsLogin}x login page's`,
      pass: (page?.tbtVsLogin ?? Number.NaN) <= LIGHTHOUSE_BUDGETS.mapPageTbtVsLogin,
    });
  }
  const trips = pages.find((page) => page.path === tripsPath);
  rows.push({
    measure: `Lighthouse ${tripsPath}: time to interactive`,
    value: formatMs(trips?.timeToInteractiveMs ?? Number.NaN),
    budget: `< ${formatMs(LIGHTHOUSE_BUDGETS.tripsTtiMs)}`,
    pass: (trips?.timeToInteractiveMs ?? Number.NaN) < LIGHTHOUSE_BUDGETS.tripsTtiMs,
  });
  return rows;
}
