import "server-only";
import { parseRosterQuery } from "@/lib/roster/query";
import { rosterCsvHeader, rosterCsvRow } from "@/lib/roster/csv";
import { matchingVehicles } from "@/lib/roster/select";
import { guarded } from "./guard";
import { vehicleRoster } from "./roster";
import { readShareRecords } from "./share-links-history";
import { selectionInput, vehicleListInput } from "./vehicle-list";

/** Rows go out in batches: a large export neither waits for its last row nor builds one large string. */
const CSV_BATCH = 500;

/**
 * The live vehicles the query matches, every page of them, as a CSV stream with a header row; the search, filters
 * and sort of the list's URL (a bad value is ignored, as on the page). While the roster still fills, the rows are
 * those read so far.
 */
export const openVehicleCsv = guarded(vehicleListInput, async function openVehicleCsv({ search }) {
  const { query } = parseRosterQuery(new URLSearchParams(search));
  const [snapshot, records] = await Promise.all([vehicleRoster().vehicles(), readShareRecords()]);
  const input = selectionInput(snapshot, records, Date.now());
  const rows = matchingVehicles(input, query);
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(rosterCsvHeader()));
    },
    pull(controller) {
      const batch = rows.slice(next, next + CSV_BATCH);
      next += batch.length;
      if (batch.length > 0) {
        controller.enqueue(
          encoder.encode(batch.map((v) => rosterCsvRow(v, input.linkOf(v.tokenId), input.powertrainOf(v))).join("")),
        );
      }
      if (next >= rows.length) controller.close();
    },
  });
});
