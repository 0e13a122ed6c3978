import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { EMPTY_ROSTER_QUERY } from "@/lib/roster/query";
import { type VehicleListView } from "@/lib/models/roster";
import { rosterVehicle } from "@/test-support/fake-identity";
import { VehicleList } from "./vehicle-list";

vi.mock("next/navigation", () => ({ useRouter: () => ({ replace: () => {}, refresh: () => {} }) }));

/** The list's markup for one page of the server's roster: what the browser tests and the bench rely on. */

function view(more: Partial<VehicleListView> = {}): VehicleListView {
  return {
    query: EMPTY_ROSTER_QUERY,
    notices: [],
    rows: [rosterVehicle(30002), rosterVehicle(30001)],
    shares: {},
    ended: [],
    matched: 2,
    liveTotal: 2,
    endedMatched: 0,
    page: 1,
    pageCount: 1,
    nowMs: Date.parse("2026-06-01T00:00:00Z"),
    progress: { known: 2, totalCount: 2, pagesRead: 1, complete: true, failure: null },
    refreshError: null,
    ...more,
  };
}

const render = (v: VehicleListView) => renderToStaticMarkup(<VehicleList view={v} />);
const count = (html: string, testId: string) => html.split(`data-testid="${testId}"`).length - 1;

describe("VehicleList", () => {
  it("shows the page's rows, the count, the export link with the query, and no pager for one page", () => {
    const html = render(view());
    expect(count(html, "vehicle-row")).toBe(2);
    expect(html).toContain('data-testid="vehicle-count" aria-live="polite">2 vehicles</p>');
    expect(html).toContain('href="/api/vehicles/export"');
    expect(count(html, "vehicle-pager")).toBe(0);
    expect(count(html, "vehicle-roster-progress")).toBe(0);
  });

  it("says how many of all match, and pages with the query kept in the links", () => {
    const html = render(
      view({
        query: { ...EMPTY_ROSTER_QUERY, q: "ford", page: 2 },
        matched: 120,
        liveTotal: 9622,
        page: 2,
        pageCount: 3,
      }),
    );
    expect(html).toContain(">120 of 9622 vehicles</p>");
    expect(html).toContain('href="/vehicles?q=ford"');
    expect(html).toContain('href="/vehicles?q=ford&amp;page=3"');
    expect(html).toContain("Page 2 of 3");
    expect(html).toContain('href="/api/vehicles/export?q=ford"');
    expect(html).toContain('value="ford"');
  });

  it("says how far the roster is while it fills, and what the URL held that it ignored", () => {
    const html = render(
      view({
        progress: { known: 1350, totalCount: 10012, pagesRead: 14, complete: false, failure: null },
        notices: ["Page 9 is past the end of the list (3 pages), so it opens at its first page."],
      }),
    );
    expect(html).toContain("1,350 of about 10,012 vehicles read; the list fills in as DIMO answers.");
    expect(html).toContain("Page 9 is past the end of the list");
    expect(html).not.toContain("failed");

    const stalled = render(
      view({ progress: { known: 100, totalCount: 10012, pagesRead: 1, complete: false, failure: "DIMO is down" } }),
    );
    expect(stalled).toContain("The last page asked for failed (DIMO is down); it is asked again shortly.");
  });

  it("offers to clear a search that matches nothing", () => {
    const html = render(view({ query: { ...EMPTY_ROSTER_QUERY, q: "porsche" }, rows: [], matched: 0 }));
    expect(html).toContain("No vehicle matches “porsche”");
    expect(html).toContain("Clear search and filters");
  });
});
