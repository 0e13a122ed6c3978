import { cellToLatLng, latLngToCell } from "h3-js";
import { powertrainOf } from "../../seed/energy";
import { seedVehicleOf } from "../../seed/fleet";
import { type DriveStore } from "../../store/drive-store";
import { type VehicleStore } from "../../store/vehicle-store";
import { type VehicleSource } from "../../telemetry/samples";
import { vehicleProfile } from "../../telemetry/signals/vehicle-profile";

/**
 * Where the telemetry service finds a vehicle's data: the seed's description of it (its city and powertrain) and the
 * trips store. The seed is code, so the city comes from there; an unknown vehicle has no data at all.
 */
export function vehicleSource(
  ctx: { vehicles: VehicleStore; drives: DriveStore },
  tokenId: number,
): VehicleSource | null {
  const seed = seedVehicleOf(tokenId);
  if (!seed || !ctx.vehicles.get(tokenId)) return null;
  const powertrain = powertrainOf(seed.model);
  const vehicle = vehicleProfile(tokenId, seed.model, seed.metro, powertrain);
  return { tokenId, metro: seed.metro, powertrain, vehicle, drives: ctx.drives };
}

export function seededVehicle(tokenId: number) {
  return seedVehicleOf(tokenId);
}

/** The centre of the H3 resolution-6 cell holding a point: the real service's approximate location. */
const APPROXIMATE_RESOLUTION = 6;

export function approximate(latitude: number, longitude: number): { latitude: number; longitude: number } {
  const [lat, lng] = cellToLatLng(latLngToCell(latitude, longitude, APPROXIMATE_RESOLUTION));
  return { latitude: lat, longitude: lng };
}

/**
 * The one source every sandbox signal comes from (the vehicle's connection), as an ethr DID's address. A
 * `filter: {source}` naming any other source finds no data.
 */
export const SANDBOX_SIGNAL_SOURCE = "0x4c674ddE8189aEF6e3b58F5a36d7438b2b1f6Bc2";
const ETHR_DID = /^did:ethr:(\d+):(0x[0-9a-fA-F]{40})$/;

export type SourceCheck = { ok: true; matches: boolean } | { ok: false; message: string };

export function checkSourceFilter(filter: { source?: string | null } | null | undefined): SourceCheck {
  const source = filter?.source;
  if (source == null) return { ok: true, matches: true };
  const match = ETHR_DID.exec(source);
  if (!match) return { ok: false, message: `invalid argument: source '${source}' is not a valid ethr DID` };
  return { ok: true, matches: (match[2] as string).toLowerCase() === SANDBOX_SIGNAL_SOURCE.toLowerCase() };
}
