import { LIGHTHOUSE_BUDGETS, LIGHTHOUSE_TBT_FLOOR_MS, ratio } from "./budgets";
import { type MapShare, type MapShareAudit, mapShare } from "./lighthouse-map-share";
import { type ReportRow, formatMs } from "./table";

/**
 * What the Lighthouse bench keeps of each page's report, and its budgets. Lighthouse's own result type is far larger;
 * the shapes below are the part read here, so the helpers can be tested on small hand-made reports.
 */

interface LighthouseCategory {
  score: number | null;
  /** An audit of weight 0 is shown in the category but counts for nothing in its score. */
  auditRefs: readonly { id: string; weight: number }[];
}

interface LighthouseAudit extends MapShareAudit {
  /** 0 to 1, or null when the audit is not scored (not applicable, informative, manual, errored). */
  score: number | null;
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
  cumulativeLayoutShift: number;
  /** On a page with a map (loading by itself), the map's part of the main thread's time; null elsewhere. */
  map: MapShare | null;
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

const auditValue = (report: LighthouseReport, id: string): number => report.audits[id]?.numericValue ?? Number.NaN;

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

/** `isMapScript`, given for a page with a map, tells the build's MapLibre chunks from its other scripts. */
export function summarizeReport(
  path: string,
  signedIn: boolean,
  report: LighthouseReport,
  isMapScript?: (url: string | undefined) => boolean,
): LighthousePage {
  return {
    path,
    signedIn,
    finalUrl: report.finalDisplayedUrl,
    performance: categoryScore(report, "performance"),
    accessibility: categoryScore(report, "accessibility"),
    bestPractices: categoryScore(report, "best-practices"),
    totalBlockingTimeMs: auditValue(report, "total-blocking-time"),
    timeToInteractiveMs: auditValue(report, "interactive"),
    largestContentfulPaintMs: auditValue(report, "largest-contentful-paint"),
    cumulativeLayoutShift: auditValue(report, "cumulative-layout-shift"),
    map: isMapScript ? mapShare(report, isMapScript) : null,
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

/**
 * The budget rows: accessibility and best practices on every page; performance on the pages without a map; on the map
 * pages, whose WebGL runs in software here, the largest contentful paint and the layout shift.
 */
export function lighthouseRows(pages: readonly LighthousePage[]): ReportRow[] {
  const rows: ReportRow[] = [];
  for (const page of pages) {
    if (page.map) {
      rows.push({
        measure: `Lighthouse ${page.path}: largest contentful paint`,
        value: formatMs(page.largestContentfulPaintMs),
        budget: `<= ${formatMs(LIGHTHOUSE_BUDGETS.mapPageLcpMs)}`,
        pass: page.largestContentfulPaintMs <= LIGHTHOUSE_BUDGETS.mapPageLcpMs,
      });
      rows.push({
        measure: `Lighthouse ${page.path}: cumulative layout shift`,
        value: formatShift(page.cumulativeLayoutShift),
        budget: `<= ${LIGHTHOUSE_BUDGETS.mapPageClsMax}`,
        pass: page.cumulativeLayoutShift <= LIGHTHOUSE_BUDGETS.mapPageClsMax,
      });
    } else {
      rows.push(scoreRow(`Lighthouse ${page.path}: performance`, page.performance, LIGHTHOUSE_BUDGETS.performanceMin));
    }
    rows.push(
      scoreRow(`Lighthouse ${page.path}: accessibility`, page.accessibility, LIGHTHOUSE_BUDGETS.accessibilityMin),
    );
    rows.push(
      scoreRow(`Lighthouse ${page.path}: best practices`, page.bestPractices, LIGHTHOUSE_BUDGETS.bestPracticesMin),
    );
  }
  return rows;
}

export const formatShift = (value: number): string => (Number.isFinite(value) ? value.toFixed(3) : "n/a");
