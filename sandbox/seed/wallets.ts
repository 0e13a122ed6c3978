import { keccak256, toHex } from "viem";
import { privateKeyToAddress } from "viem/accounts";

/**
 * Wallets derived as keccak256 of a fixed phrase, the same scheme as the demo license's keys, so every seeded address
 * can be re-derived and never belongs to a real person by accident.
 */
export function deterministicWallet(phrase: string): { privateKey: `0x${string}`; address: `0x${string}` } {
  const privateKey = keccak256(toHex(`dimo-dashboard sandbox: ${phrase}`));
  return { privateKey, address: privateKeyToAddress(privateKey) };
}

/** Owners of the seeded vehicles. None of them is the demo license's owner. */
export const VEHICLE_OWNERS = [1, 2, 3, 4, 5].map((n) => deterministicWallet(`vehicle owner ${n}`).address);

/**
 * A second Developer License, so that "granted to another license" is a real grant. Unlike the demo license (a
 * contract address), its address has a known key, so tests can sign a challenge as the license address itself.
 */
export const OTHER_LICENSE = {
  tokenId: 2,
  alias: "Fleet insights (another license)",
  clientId: deterministicWallet("other license contract").address,
  owner: deterministicWallet("other license owner").address,
  redirectUri: "http://localhost:4000",
} as const;
