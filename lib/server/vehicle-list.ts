import "server-only";
import { z } from "zod";
import { parseRosterQuery } from "@/lib/roster/query";
import { type RosterSelectionInput, selectRosterPage } from "@/lib/roster/select";
import { type RosterProgress, type VehicleListView } from "@/lib/models/roster";
import type { Vehicle } from "@/lib/models";
import { type EndedGrant, type ShareRecord, endedGrant } from "@/lib/share-links";
import { guarded } from "./guard";
import { vehicleRoster } from "./roster";
import { type RosterSnapshot } from "./roster/roster-reader";
import { type RosterService } from "./roster/roster-service";
import { type RosterState } from "./roster/roster-store";
import { readShareRecords } from "./share-links-history";

/**
 * The vehicle list's read: one page of the roster for the URL's query, from the roster the server keeps (./roster),
 * never the identity API's whole list.
 */

/** The URL's query string, as the page or the route got it; parsed here so that bad values become notices. */
export const vehicleListInput = z.object(
  { search: z.string().max(8_192, { error: "the address is too long" }) },
  { error: "the input must be the list's query string" },
);

/**
 * Opening the list (no search, filter or page) looks at the top of DIMO's list first: one identity request, shared by
 * views at the same moment, so a grant given or taken back shows at once and an identity API that fails says so.
 */
const ENTRY_CHECK_WITHIN_MS = 0;

/** How far the roster is read, as the list and the fleet page say it. */
export function rosterProgressOf(state: RosterState, known: number): RosterProgress {
  return {
    known,
    totalCount: state.totalCount,
    pagesRead: state.current.pagesRead,
    complete: state.current.complete,
    failure: state.failure?.error.message ?? null,
  };
}

/**
 * What the selection needs besides the vehicles: the link that brought each, its powertrain and VIN where known, and
 * the grants the dashboard saw end. Those are only known once the whole list was read: before, a vehicle not read yet
 * would look ended.
 */
export function selectionInput(
  { vehicles, state, powertrains, vins }: RosterSnapshot,
  records: Map<number, ShareRecord>,
  nowMs: number,
): RosterSelectionInput {
  const held = new Set(vehicles.map((vehicle) => vehicle.tokenId));
  const ended: EndedGrant[] = [];
  if (state.current.complete) {
    for (const record of [...records.values()].sort((a, b) => b.at.localeCompare(a.at))) {
      if (!held.has(record.tokenId)) ended.push(endedGrant(record, nowMs));
    }
  }
  const linkOf = (tokenId: number) => {
    const record = records.get(tokenId);
    return record?.kind === "shared" ? record.link : null;
  };
  const powertrainOf = (vehicle: Vehicle) =>
    vehicle.definitionId ? (powertrains[vehicle.definitionId] ?? null) : null;
  const vinOf = (tokenId: number) => vins[tokenId] ?? null;
  return { vehicles, linkOf, powertrainOf, vinOf, ended, nowMs };
}

/**
 * One page of the list for a query string, from a roster and the share records; the guarded read below gives it the
 * app's own, the bench a roster of another license.
 */
export async function vehicleListView(
  roster: RosterService,
  readRecords: () => Promise<Map<number, ShareRecord>>,
  search: string,
): Promise<VehicleListView> {
  const parsed = parseRosterQuery(new URLSearchParams(search));
  const opening = new URLSearchParams(search).size === 0;
  const [{ snapshot, refreshError }, records] = await Promise.all([
    roster.read(opening ? { checkNow: { withinMs: ENTRY_CHECK_WITHIN_MS } } : {}),
    readRecords(),
  ]);
  const nowMs = Date.now();
  const input = selectionInput(snapshot, records, nowMs);
  const selection = selectRosterPage(input, parsed.query);
  const shares: Record<number, ShareRecord> = {};
  for (const vehicle of selection.rows) {
    const record = records.get(vehicle.tokenId);
    if (record?.kind === "shared") shares[vehicle.tokenId] = record;
  }
  return {
    query: { ...parsed.query, page: selection.page },
    notices: [...parsed.notices, ...selection.notices],
    rows: selection.rows,
    shares,
    ended: selection.ended,
    matched: selection.matched,
    liveTotal: selection.liveTotal,
    endedMatched: selection.endedMatched,
    page: selection.page,
    pageCount: selection.pageCount,
    nowMs,
    progress: rosterProgressOf(snapshot.state, snapshot.vehicles.length),
    refreshError,
  };
}

export const readVehicleList = guarded(vehicleListInput, async function readVehicleList({ search }) {
  return vehicleListView(vehicleRoster(), readShareRecords, search);
});
