import { csvRow } from "@/lib/geo/csv";
import type { Vehicle } from "@/lib/models";
import { PRIVILEGES } from "@/lib/protocol";
import { vehicleTitle } from "./vehicle-title";

/** The roster's CSV export: one row a vehicle, the columns the list shows and the link that brought it. */

const ROSTER_CSV_COLUMNS = [
  "token_id",
  "vehicle",
  "name",
  "make",
  "model",
  "year",
  "powertrain",
  "owner",
  "privileges",
  "grant_expires_at",
  "shared_via",
] as const;

const privilegeLabel = new Map(PRIVILEGES.map((privilege) => [privilege.id, privilege.label]));

export function rosterCsvHeader(): string {
  return csvRow(ROSTER_CSV_COLUMNS);
}

export function rosterCsvRow(vehicle: Vehicle, link: string | null | undefined, powertrain: string | null): string {
  return csvRow([
    vehicle.tokenId,
    vehicleTitle(vehicle),
    vehicle.name,
    vehicle.make,
    vehicle.model,
    vehicle.year,
    powertrain,
    vehicle.owner,
    (vehicle.grant?.privileges ?? []).map((id) => privilegeLabel.get(id) ?? String(id)).join("; "),
    vehicle.grant?.expiresAt,
    link,
  ]);
}
