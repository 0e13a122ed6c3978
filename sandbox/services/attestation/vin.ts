import { type VehicleRecord } from "../../store/vehicle-store";
import { pairedDevice } from "../../seed/devices";
import { type VehicleSource } from "../../telemetry/samples";
import { vinOf } from "../telemetry/vin";

/** The devices' NFT contracts on Polygon, for a paired device's DID. */
const DEVICE_CONTRACTS = {
  aftermarket: "0x9c94C395cBcBDe662235E0A9d3bB87Ad708561BA",
  synthetic: "0x4804e8D1661cd1a1e5dDdE1ff458A7f878c0aC6D",
} as const;

/** The DID of the device paired with a vehicle; null when it has none (a vehicle that has never driven). */
export function deviceDid(vehicle: VehicleRecord): string | null {
  const device = pairedDevice(vehicle);
  return device ? `did:erc721:137:${DEVICE_CONTRACTS[device.kind]}:${device.tokenId}` : null;
}

export type VinFingerprint =
  | { ok: true; vin: string; recordedBy: string; recordedAtUs: number }
  | { ok: false; status: 400 | 500; message: string };

/**
 * The VIN as the vehicle's device last reported it: the device sends it with each trip, so the latest trip begun by
 * now dates it (the same VIN and time the Telemetry API's `vinVCLatest` shows). Without a paired device the real
 * attester answers 400; with one that has sent nothing, it fails to read the device's messages.
 */
export function vinFingerprint(vehicle: VehicleRecord, source: VehicleSource | null, nowUs: number): VinFingerprint {
  const device = deviceDid(vehicle);
  if (!device) return { ok: false, status: 400, message: "No paired devices" };
  const last = source?.drives.lastStartedBy(vehicle.tokenId, nowUs - 1);
  if (!last) return { ok: false, status: 500, message: `Failed to get latest vin message for device ${device}` };
  return {
    ok: true,
    vin: vinOf(vehicle.tokenId, vehicle.make, vehicle.year),
    recordedBy: device,
    recordedAtUs: Math.floor(Math.min(last.endUs, nowUs) / 1e6) * 1e6,
  };
}
