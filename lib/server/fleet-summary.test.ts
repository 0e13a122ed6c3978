import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type DashboardSession } from "@/lib/auth/session";
import { type FleetCount, type FleetSummaryView } from "@/lib/fleet/summary";
import { eventually } from "@/test-support/fleet";
import { setUpSandbox } from "@/test-support/sandbox";
import { fleetPositions, readFleetPositions } from "./fleet";
import { readFleetSummary } from "./fleet-summary";
import { vehicleRoster } from "./roster";
import { readVehicleList } from "./vehicle-list";

/**
 * The fleet at a glance against a sandbox, through the app's own roster and position refresher: every linked count is
 * what the vehicle list shows for the link's query, and who was seen when adds up to the fleet.
 */

const auth = vi.hoisted(() => ({ session: null as DashboardSession | null }));
vi.mock("@/lib/auth/session", () => ({ getSession: async () => auth.session }));

setUpSandbox({ pointApp: true, live: false });
/** A guard against a hang: the sandbox's dozen vehicles take seconds, more on a busy machine. */
const SETTLED_MS = 90_000;

let view: FleetSummaryView;

async function listed(href: string) {
  const result = await readVehicleList({ search: new URL(href, "http://127.0.0.1").search.slice(1) });
  if (!result.ok) throw new Error(result.error.message);
  return result.data;
}

beforeAll(async () => {
  auth.session = { address: "0x3fb87c8b7585be1d0ac88ca710ddfa815e12d0bd", role: "owner" };
  await vehicleRoster().settle();
  await eventually(readFleetPositions, (current) => current.progress.remainingSeconds === null, SETTLED_MS);
  const result = await readFleetSummary();
  if (!result.ok) throw new Error(result.error.message);
  view = result.data;
}, SETTLED_MS + 30_000);

afterAll(async () => {
  await fleetPositions().refresher.stop();
});

describe("the fleet at a glance", () => {
  it("counts the vehicles the list shows, once the roster is read", async () => {
    expect(view.roster.complete).toBe(true);
    expect(view.summary.total).toBeGreaterThan(5);
    expect(view.summary.total).toBe((await listed("/vehicles")).liveTotal);
    const sum = (rows: readonly FleetCount[]) => rows.reduce((total, row) => total + row.count, 0);
    for (const rows of [view.summary.makes, view.summary.years, view.summary.powertrains]) {
      expect(sum(rows)).toBe(view.summary.total);
    }
  });

  it("links each count to a list of as many vehicles", async () => {
    const { summary } = view;
    const linked = [...summary.makes, ...summary.powertrains, ...summary.coverage, summary.grants.ending].filter(
      (row): row is FleetCount & { href: string } => row.href !== null,
    );
    expect(linked.length).toBeGreaterThan(5);
    for (const row of linked) expect((await listed(row.href)).matched, row.key).toBe(row.count);
    expect(summary.grants.ended.href).not.toBeNull();
    expect((await listed(summary.grants.ended.href ?? "")).endedMatched).toBe(summary.grants.ended.count);
  });

  it("says for every vehicle whether it was seen within the week, or why it is not known", async () => {
    const positions = await readFleetPositions();
    const seen = view.summary.seen;
    if (!seen) throw new Error("the summary says nothing of who was seen when");
    expect(seen.withinWeek + seen.notForWeek + seen.notYetKnown + seen.noSignalsGrant).toBe(view.summary.total);
    expect(seen.withinWeek + seen.notForWeek).toBe(Object.keys(positions.lastSeenMs).length);
    expect(view.positionsError).toBeNull();
  });
});
