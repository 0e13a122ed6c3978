import { getAddress } from "viem";
import { POLYGON_CHAIN_ID, VEHICLE_NFT_CONTRACT } from "@/lib/protocol";

/** An ERC-721 DID, decoded as DIMO's cloudevent package decodes it. */
export interface Erc721Did {
  chainId: bigint;
  /** Checksummed. */
  contract: string;
  tokenId: bigint;
}

export type DidResult = { ok: true; did: Erc721Did } | { ok: false; error: string };

const MAX_UINT64 = (1n << 64n) - 1n;

/** `did:erc721:<chainId>:<contract>:<tokenId>`, with the real decoder's error words. */
export function decodeErc721Did(text: string): DidResult {
  const fail = (detail?: string): DidResult => ({
    ok: false,
    error: detail ? `invalid DID, ${detail}` : "invalid DID",
  });
  const parts = text.split(":");
  if (parts.length !== 5) return fail();
  const [prefix = "", method = "", chain = "", contract = "", token = ""] = parts;
  if (prefix !== "did") return fail(`incorrect DID prefix ${prefix}`);
  if (method !== "erc721") return fail(`incorrect DID method ${method}`);
  if (!/^[0-9]+$/.test(chain) || BigInt(chain) > MAX_UINT64) return fail(`invalid chain ID ${chain}`);
  const hex = contract.startsWith("0x") || contract.startsWith("0X") ? contract.slice(2) : contract;
  if (!/^[0-9a-fA-F]{40}$/.test(hex)) return fail(`invalid contract address ${contract}`);
  if (!/^[+-]?[0-9]+$/.test(token)) return fail(`invalid token ID ${token}`);
  const tokenId = BigInt(token);
  if (tokenId < 0n) return fail(`token ID cannot be negative ${token}`);
  return { ok: true, did: { chainId: BigInt(chain), contract: getAddress(`0x${hex.toLowerCase()}`), tokenId } };
}

/** The canonical text: decimal chain and token, checksummed contract. */
export const encodeErc721Did = (did: Erc721Did) => `did:erc721:${did.chainId}:${did.contract}:${did.tokenId}`;

/** The seeded vehicle a DID names, or null for another chain, another contract or an id out of range. */
export function vehicleTokenId(did: Erc721Did): number | null {
  if (did.chainId !== BigInt(POLYGON_CHAIN_ID)) return null;
  if (did.contract.toLowerCase() !== VEHICLE_NFT_CONTRACT.toLowerCase()) return null;
  return did.tokenId <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(did.tokenId) : null;
}
