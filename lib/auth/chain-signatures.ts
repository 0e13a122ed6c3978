import "server-only";
import { createPublicClient, http } from "viem";

/**
 * Checks a signature the way a contract account defines it: ERC-1271 `isValidSignature` on a deployed account, and
 * ERC-6492 for an account not deployed yet (the signature carries its factory call), both through `eth_call` on the
 * configured RPC endpoint (viem's verifyMessage, with its deployless validator). Ordinary wallets never get here:
 * their signatures are checked locally first (siwe.ts).
 */

export type ChainSignatureVerifier = (input: {
  address: `0x${string}`;
  message: string;
  signature: `0x${string}`;
}) => Promise<boolean>;

export class ChainUnavailableError extends Error {
  constructor() {
    super("The chain's RPC endpoint did not answer.");
    this.name = "ChainUnavailableError";
  }
}

export function chainSignatureVerifier(rpcUrl: string): ChainSignatureVerifier {
  const client = createPublicClient({ transport: http(rpcUrl, { timeout: 10_000, retryCount: 1 }) });
  return async ({ address, message, signature }) => {
    try {
      return await client.verifyMessage({ address, message, signature });
    } catch {
      // viem answers false for a signature the contract refuses; an exception means the endpoint failed.
      throw new ChainUnavailableError();
    }
  };
}
