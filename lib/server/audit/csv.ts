import "server-only";
import { csvRow } from "@/lib/geo/csv";
import { CHANGE_KINDS, type ChangeRecord } from "@/lib/models/audit";

/**
 * The record of changes as CSV: one row a change, the columns the page shows. Cells are RFC 4180 and a cell that a
 * spreadsheet would run as a formula is defused (lib/geo/csv): a detail or a license alias is text someone typed.
 */

const COLUMNS = ["Time (UTC)", "Person", "Signed in with", "Role", "Kind", "Change", "Target", "Detail"];

export const changeCsvHeader = () => csvRow(COLUMNS);

export const changeCsvRow = (entry: ChangeRecord) =>
  csvRow([
    entry.at,
    entry.actor,
    entry.via === "dimo" ? `DIMO${entry.email ? ` (${entry.email})` : ""}` : "Wallet",
    entry.role,
    entry.kind,
    CHANGE_KINDS[entry.kind] ?? entry.kind,
    entry.target,
    entry.detail,
  ]);
