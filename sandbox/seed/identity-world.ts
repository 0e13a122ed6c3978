import { VEHICLE_NFT_CONTRACT } from "@/lib/protocol";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { pairedDevice, type PairedDevice } from "./devices";
import { createPrng } from "./prng";
import { DAY_MS } from "./times";
import { deterministicWallet } from "./wallets";

/**
 * What the identity API knows around the seeded vehicles, derived from each vehicle row on demand rather than stored:
 * the manufacturers of their makes, the device definitions of their models, the devices they connect through, their
 * DCN names, weekly rewards and the permission templates licenses ask owners to grant. Deterministic like the seed.
 */
export interface WorldVehicle {
  tokenId: number;
  owner: string;
  make: string;
  model: string;
  year: number;
  definitionId: string;
  mintedAt: number;
  tripCount: number;
}

export interface Manufacturer {
  tokenId: number;
  name: string;
  slug: string;
  owner: `0x${string}`;
  mintedAt: number;
}

/** Token ids of the seeded makes; a make the seed does not have gets one derived from its name. */
const MANUFACTURER_IDS: Record<string, number> = {
  BMW: 1,
  Chevrolet: 2,
  Honda: 3,
  Hyundai: 4,
  Jeep: 5,
  Kia: 6,
  Mazda: 7,
  Nissan: 8,
  Polestar: 9,
  Porsche: 10,
  Subaru: 11,
  Tesla: 12,
  Toyota: 13,
  Volkswagen: 14,
  Rivian: 15,
};
/** When the manufacturer NFTs were minted: before any seeded vehicle. */
const MANUFACTURERS_MINTED_AT = Date.UTC(2022, 6, 1);

const slugOf = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-");

export function manufacturerOf(make: string): Manufacturer {
  const tokenId = MANUFACTURER_IDS[make] ?? createPrng(`manufacturer:${make}`).int(100, 9_999);
  return {
    tokenId,
    name: make,
    slug: slugOf(make),
    owner: deterministicWallet(`manufacturer ${make}`).address,
    mintedAt: MANUFACTURERS_MINTED_AT + tokenId * DAY_MS,
  };
}

interface DeviceDefinition {
  id: string;
  make: string;
  model: string;
  year: number;
  deviceType: string;
}

export function deviceDefinitionOf(vehicle: Pick<WorldVehicle, "definitionId" | "make" | "model" | "year">) {
  const { definitionId: id, make, model, year } = vehicle;
  return { id, make, model, year, deviceType: "vehicle" } satisfies DeviceDefinition;
}

export interface WorldDevice extends PairedDevice {
  vehicleTokenId: number;
  owner: string;
  manufacturer: Manufacturer;
  mintedAt: number;
  serial: string | null;
}

/** Aftermarket devices come from one hardware maker; synthetic devices are minted by the vehicle's connection. */
const AFTERMARKET_MAKER = "AutoPi";
export const TESLA_CONNECTION = {
  tokenId: 1,
  name: "Tesla",
  address: deterministicWallet("tesla connection").address,
  owner: deterministicWallet("tesla connection owner").address,
  mintedAt: Date.UTC(2024, 0, 15),
} as const;

export function deviceOf(vehicle: WorldVehicle): WorldDevice | null {
  const device = pairedDevice(vehicle);
  if (!device) return null;
  return {
    ...device,
    vehicleTokenId: vehicle.tokenId,
    owner: vehicle.owner,
    manufacturer: manufacturerOf(device.kind === "aftermarket" ? AFTERMARKET_MAKER : vehicle.make),
    mintedAt: vehicle.mintedAt + DAY_MS,
    serial: device.kind === "aftermarket" ? `ap-${device.tokenId.toString(16).padStart(6, "0")}` : null,
  };
}

/** A DCN (a vehicle's on-chain name) for about half the vehicles. */
export function dcnOf(vehicle: WorldVehicle): { name: string; mintedAt: number } | null {
  const rng = createPrng(`dcn:${vehicle.tokenId}`);
  if (rng.int(0, 1) === 0) return null;
  return { name: `${slugOf(vehicle.model)}-${vehicle.tokenId}.dimo`, mintedAt: vehicle.mintedAt + 2 * DAY_MS };
}

export interface WeeklyEarning {
  week: number;
  vehicleTokenId: number;
  beneficiary: string;
  device: WorldDevice;
  deviceTokens: string;
  streakTokens: string;
  connectionStreak: number;
  sentAt: number;
}

/** DIMO's reward weeks start on this Monday (week 0). */
const REWARDS_EPOCH_MS = Date.UTC(2022, 0, 31);
const WEEK_MS = 7 * DAY_MS;

/** The weekly rewards a connected vehicle earned since it was minted, newest week first, at most twelve. */
export function earningsOf(vehicle: WorldVehicle, nowMs: number): WeeklyEarning[] {
  const device = deviceOf(vehicle);
  if (!device) return [];
  const firstWeek = Math.ceil((vehicle.mintedAt - REWARDS_EPOCH_MS) / WEEK_MS);
  const lastWeek = Math.floor((nowMs - REWARDS_EPOCH_MS) / WEEK_MS) - 1;
  const weeks: WeeklyEarning[] = [];
  for (let week = lastWeek; week >= Math.max(firstWeek, lastWeek - 11); week--) {
    const rng = createPrng(`earning:${vehicle.tokenId}:${week}`);
    weeks.push({
      week,
      vehicleTokenId: vehicle.tokenId,
      beneficiary: vehicle.owner,
      device,
      deviceTokens: `${rng.int(5, 40)}.${String(rng.int(0, 999)).padStart(3, "0")}`,
      streakTokens: `${rng.int(1, 20)}.${String(rng.int(0, 999)).padStart(3, "0")}`,
      connectionStreak: Math.min(week - firstWeek + 1, 21),
      sentAt: REWARDS_EPOCH_MS + (week + 1) * WEEK_MS + 2 * DAY_MS,
    });
  }
  return weeks;
}

export interface PermissionTemplate {
  tokenId: number;
  creator: `0x${string}`;
  asset: `0x${string}`;
  /** Bit string, privilege order as Login with DIMO writes it. */
  permissions: string;
  cid: string;
  createdAt: number;
}

/** Templates the demo license offers in its share links, newest first. */
export const PERMISSION_TEMPLATES: readonly PermissionTemplate[] = [
  { tokenId: 3, permissions: "11111111", createdAt: Date.UTC(2025, 2, 3) },
  { tokenId: 2, permissions: "10011000", createdAt: Date.UTC(2025, 1, 10) },
  { tokenId: 1, permissions: "10000001", createdAt: Date.UTC(2025, 0, 20) },
].map((template) => ({
  ...template,
  creator: DEMO_LICENSE.owner.address,
  asset: VEHICLE_NFT_CONTRACT,
  cid: `bafkreisandboxtemplate${template.tokenId}`,
}));
