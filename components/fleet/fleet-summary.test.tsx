import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { FEATURES } from "@/lib/features";
import { type FleetSummaryView, fleetSummary } from "@/lib/fleet/summary";
import type { Vehicle } from "@/lib/models";
import type { PrivilegeId } from "@/lib/protocol";
import type { AppError } from "@/lib/result";
import { FleetSummary } from "./fleet-summary";

vi.mock("next/navigation", () => ({ useRouter: () => ({ replace: () => {}, refresh: () => {} }) }));

/** The summary's markup: what the browser tests rely on, and a size that does not follow the fleet's. */

const NOW = Date.parse("2026-06-01T00:00:00Z");
const DAY = 86_400_000;
const MAKES = ["Tesla", "Ford", "Toyota", "BMW", "Kia", "Honda", "Audi", "Rivian", "Volvo", "Mini", "Fiat", "Lexus"];
const GRANTS: PrivilegeId[][] = [
  [...FEATURES.telemetry.allOf, ...FEATURES.location.allOf, ...FEATURES.vin.allOf],
  [...FEATURES.telemetry.allOf],
  [...FEATURES.approximateLocation.anyOf.slice(0, 1)],
];

function fleet(size: number): Vehicle[] {
  return Array.from({ length: size }, (_, i) => ({
    tokenId: 100_000 + i,
    tokenDID: null,
    owner: `0x${String(i).padStart(40, "0")}`,
    mintedAt: null,
    name: null,
    imageURI: null,
    definitionId: null,
    make: MAKES[i % MAKES.length] ?? null,
    model: `Model ${i % 7}`,
    year: 1995 + (i % 31),
    grant: {
      privileges: [...new Set(GRANTS[i % GRANTS.length])].sort((a, b) => a - b),
      expiresAt: new Date(NOW + ((i % 90) - 5) * DAY).toISOString(),
    },
  }));
}

function view(size: number, more: Partial<FleetSummaryView> = {}): FleetSummaryView {
  const vehicles = fleet(size);
  const lastSeenMs = Object.fromEntries(vehicles.slice(0, size / 2).map((v, i) => [v.tokenId, NOW - (i % 10) * DAY]));
  return {
    summary: fleetSummary(
      { vehicles, linkOf: () => null, powertrainOf: (v) => (v.make === "Tesla" ? "BEV" : null), ended: [], nowMs: NOW },
      { lastSeenMs, nowMs: NOW },
    ),
    roster: { known: size, totalCount: size, pagesRead: 1, complete: true, failure: null },
    refreshError: null,
    positionsError: null,
    nowMs: NOW,
    ...more,
  };
}

const render = (v: FleetSummaryView) => renderToStaticMarkup(<FleetSummary view={v} />);
const countOf = (html: string, key: string) => html.match(new RegExp(`data-key="${key}" data-count="(\\d+)"`))?.[1];

describe("FleetSummary", () => {
  it("shows each count with its key, linked to the list where it can be", () => {
    const v = view(120);
    const html = render(v);
    expect(countOf(html, "total")).toBe(String(v.summary.total));
    expect(countOf(html, "ending")).toBe(String(v.summary.grants.ending.count));
    const rows = [...v.summary.makes, ...v.summary.years, ...v.summary.powertrains, ...v.summary.coverage];
    for (const row of rows) expect(countOf(html, row.key), row.key).toBe(String(row.count));
    expect(v.summary.makes.at(-1)?.key).toBe("make:other");
    expect(html).toContain('href="/vehicles?grant=ending"');
    expect(html).toContain('href="/vehicles?powertrain=BEV"');
    expect(html).toContain(`href="/vehicles?privilege=${FEATURES.vin.allOf.join("&amp;privilege=")}"`);
    expect(html).toContain("not yet known for");
    expect(html).not.toContain('data-testid="fleet-roster-reading"');
  });

  it("says while the roster is still being read", () => {
    const html = render(
      view(50, { roster: { known: 50, totalCount: 10_000, pagesRead: 1, complete: false, failure: null } }),
    );
    expect(html).toContain('data-testid="fleet-roster-reading"');
    expect(html).toContain("50 of about 10,000 vehicles read");
  });

  it("says who was seen when is not known when the positions could not be read", () => {
    const v = view(20);
    const error: AppError = { code: "UNAVAILABLE", message: "DIMO is down.", retryable: true };
    const html = render({ ...v, summary: { ...v.summary, seen: null }, positionsError: error });
    expect(html).toContain("not known: the positions could not be read");
    expect(html).toContain('data-testid="fleet-seen-error"');
  });

  it("keeps its markup the same size for 10,000 vehicles as for a few hundred", () => {
    const small = render(view(400)).length;
    const large = render(view(10_000)).length;
    expect(large).toBeLessThan(small * 1.05);
  });
});
