import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { type PublicClient } from "viem";
import { type JsonRpcRequest, type JsonRpcResponse, openChainNode } from "./node";
import { seededChain } from "./seeded-chain";

/** The sandbox's local chain: ganache in this process, its license contract deployed and seeded. */
export interface SandboxChain {
  /** Reads the chain in this process (the services' license reader). */
  readonly client: PublicClient;
  /** Answers one JSON-RPC request as the node does; the caller decides which methods reach it. */
  answer(request: JsonRpcRequest): Promise<JsonRpcResponse>;
  /** Moves the chain's clock forward and mines a block at the new time; returns that block's time in seconds. */
  advanceTime(seconds: number): Promise<number>;
  /** Back to the chain as it was at start. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

interface SandboxChainOptions {
  /** Where the compiled contract and the seeded chain are cached (shared by every sandbox that names it). */
  cacheDir: string;
  /** Where this sandbox's chain is kept. */
  dataDir: string;
  /** The demo license's redirect URIs. */
  demoRedirectUris: string[];
  /** Start from the seeded chain, not from the chain kept in `dataDir` by the last start. */
  fresh: boolean;
}

/** The chain a start goes on with: one folder per seeded chain's key, so a new contract or seed starts afresh. */
const KEPT_PREFIX = "kept-";

/**
 * Starts the chain from a copy of the seeded chain (the wallets funded, the license contract deployed, the licenses
 * minted), or, unless `fresh`, from the chain the last start left in `dataDir` when it was seeded the same way. A
 * snapshot of the state at start is kept for reset.
 */
export async function startSandboxChain({
  cacheDir,
  dataDir,
  demoRedirectUris,
  fresh,
}: SandboxChainOptions): Promise<SandboxChain> {
  const seeded = await seededChain(cacheDir, demoRedirectUris);
  const kept = path.join(dataDir, `${KEPT_PREFIX}${seeded.key}`);
  if (fresh || !existsSync(kept)) {
    mkdirSync(dataDir, { recursive: true });
    for (const name of readdirSync(dataDir)) {
      if (name.startsWith(KEPT_PREFIX)) rmSync(path.join(dataDir, name), { recursive: true, force: true });
    }
    cpSync(seeded.folder, kept, { recursive: true });
  }
  const node = openChainNode(kept);
  let snapshot = await node.control("evm_snapshot");

  return {
    client: node.client,
    answer: node.answer,
    async advanceTime(seconds) {
      await node.control("evm_increaseTime", [seconds]);
      await node.control("evm_mine");
      const block = await node.client.getBlock({ blockTag: "latest" });
      return Number(block.timestamp);
    },
    async reset() {
      await node.control("evm_revert", [snapshot]);
      // A snapshot is used up by reverting to it.
      snapshot = await node.control("evm_snapshot");
    },
    close: () => node.close(),
  };
}
