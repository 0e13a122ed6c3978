import { createPrng } from "./prng";
import { deterministicWallet } from "./wallets";

/**
 * The device a vehicle is paired with, as the identity API's `aftermarketDevice` / `syntheticDevice` show it.
 * Derived from the vehicle rather than stored: a vehicle that records trips has one, a Tesla through a synthetic
 * device (its maker's cloud), any other make through an aftermarket device plugged into it; a vehicle without trips
 * has none. Token ids and addresses are deterministic (a seeded generator and a derived wallet).
 */
export interface PairedDevice {
  kind: "aftermarket" | "synthetic";
  tokenId: number;
  /** Checksummed. */
  address: `0x${string}`;
}

const SYNTHETIC_MAKES = new Set(["Tesla"]);
const cache = new Map<number, PairedDevice | null>();

export function pairedDevice(vehicle: { tokenId: number; make: string; tripCount: number }): PairedDevice | null {
  const known = cache.get(vehicle.tokenId);
  if (known !== undefined) return known;
  let device: PairedDevice | null = null;
  if (vehicle.tripCount > 0) {
    const kind = SYNTHETIC_MAKES.has(vehicle.make) ? "synthetic" : "aftermarket";
    const rng = createPrng(`device:${vehicle.tokenId}`);
    const tokenId = kind === "synthetic" ? rng.int(1000, 49_999) : rng.int(100, 19_999);
    device = { kind, tokenId, address: deterministicWallet(`${kind} device ${tokenId}`).address };
  }
  cache.set(vehicle.tokenId, device);
  return device;
}
