import "server-only";
import { type FleetSummaryView, fleetSummary } from "@/lib/fleet/summary";
import type { FleetPositionsView } from "@/lib/models/fleet";
import type { AppError } from "@/lib/result";
import { toFailure } from "./failure";
import { readFleetPositions } from "./fleet";
import { guarded } from "./guard";
import { noInput } from "./inputs";
import { vehicleRoster } from "./roster";
import { readShareRecords } from "./share-links-history";
import { rosterProgressOf, selectionInput } from "./vehicle-list";

/**
 * The fleet at a glance, for the fleet page: counts over the roster the server keeps, with the vehicle list's own
 * selection, and when each vehicle was last seen from the position refresher. A failure to read the positions leaves
 * the counts standing and says so.
 */

type PositionsRead = { view: FleetPositionsView; error: null } | { view: null; error: AppError };

const readPositions = (): Promise<PositionsRead> =>
  readFleetPositions().then(
    (view) => ({ view, error: null }),
    (error: unknown) => ({ view: null, error: toFailure(error, "fleet positions") }),
  );

export const readFleetSummary = guarded(noInput, async function readFleetSummary(): Promise<FleetSummaryView> {
  const [{ snapshot, refreshError }, records, positions] = await Promise.all([
    vehicleRoster().read(),
    readShareRecords(),
    readPositions(),
  ]);
  const nowMs = Date.now();
  const seen = positions.view ? { lastSeenMs: positions.view.lastSeenMs, nowMs } : null;
  return {
    summary: fleetSummary(selectionInput(snapshot, records, nowMs), seen),
    roster: rosterProgressOf(snapshot.state, snapshot.vehicles.length),
    refreshError,
    positionsError: positions.error,
    nowMs,
  };
});
