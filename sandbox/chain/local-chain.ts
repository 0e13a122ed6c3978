import ganache, { type EthereumProvider } from "ganache";
import { createPublicClient, createWalletClient, custom, type Hex, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { SANDBOX_CHAIN } from "@/lib/chain/sandbox-chain";
import { DEMO_OWNER } from "../demo-license";
import { CHAIN_HARDFORK, devLicenseBytecode } from "./compile";
import { FUNDED_WALLETS, seedLicenses } from "./seed";

export interface JsonRpcRequest {
  id?: string | number | null;
  method: string;
  params?: unknown[];
}

export type JsonRpcResponse = { jsonrpc: "2.0"; id: string | number | null } & (
  { result: unknown } | { error: { code: number; message: string; data?: unknown } }
);

/** The sandbox's local chain: ganache in this process, its license contract deployed and seeded. */
export interface SandboxChain {
  /** Reads the chain in this process (the services' license reader). */
  readonly client: PublicClient;
  /** Answers one JSON-RPC request as the node does; the caller decides which methods reach it. */
  answer(request: JsonRpcRequest): Promise<JsonRpcResponse>;
  /** Moves the chain's clock forward and mines a block at the new time; returns that block's time in seconds. */
  advanceTime(seconds: number): Promise<number>;
  /** Back to the chain as seeded at start. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

const FUNDING_WEI = 10n ** 21n;

const chain = {
  ...SANDBOX_CHAIN,
  rpcUrls: { default: { http: [] as string[] } },
};

/**
 * A node's error as geth words it: a revert is code 3, "execution reverted", with the revert data, which is what
 * wallets and viem decode a contract's error from.
 */
function rpcError(error: unknown): { code: number; message: string; data?: unknown } {
  const {
    code = -32603,
    message = "Internal error",
    data,
  } = error as { code?: number; message?: string; data?: unknown };
  // ganache gives the revert data as is (eth_call) or inside an object (eth_estimateGas).
  const revertData = typeof data === "object" && data !== null ? (data as { result?: unknown }).result : data;
  if (typeof revertData === "string" && revertData.startsWith("0x") && message.includes("revert")) {
    return { code: 3, message: "execution reverted", data: revertData };
  }
  return { code, message, ...(data === undefined ? {} : { data }) };
}

/**
 * Starts the chain, funds the wallets, deploys the license contract and seeds the licenses (`demoRedirectUris` are
 * the demo license's), then keeps a snapshot of that state for reset.
 */
export async function startSandboxChain(dataDir: string, demoRedirectUris: string[]): Promise<SandboxChain> {
  const bytecode = await devLicenseBytecode(dataDir);
  const provider: EthereumProvider = ganache.provider({
    chain: { chainId: SANDBOX_CHAIN.id, networkId: SANDBOX_CHAIN.id, hardfork: CHAIN_HARDFORK },
    // No unlocked accounts: every transaction comes signed, as from a real wallet.
    wallet: { totalAccounts: 0 },
    miner: { instamine: "eager" },
    logging: { quiet: true },
  });
  const answer = async ({ id = null, method, params = [] }: JsonRpcRequest): Promise<JsonRpcResponse> => {
    try {
      const result: unknown = await provider.request({ method, params } as never);
      return { jsonrpc: "2.0", id, result };
    } catch (error) {
      return { jsonrpc: "2.0", id, error: rpcError(error) };
    }
  };
  const transport = custom(
    {
      async request({ method, params }: { method: string; params?: unknown[] }) {
        const response = await answer({ method, params });
        if ("error" in response) throw Object.assign(new Error(response.error.message), response.error);
        return response.result;
      },
    },
    { retryCount: 0 },
  );
  const client = createPublicClient({ chain, transport, pollingInterval: 10, cacheTime: 0 }) as PublicClient;
  const wallet = (privateKey: Hex) =>
    createWalletClient({ chain, transport, account: privateKeyToAccount(privateKey) });
  for (const address of FUNDED_WALLETS) {
    await provider.request({ method: "evm_setAccountBalance", params: [address, `0x${FUNDING_WEI.toString(16)}`] });
  }
  await seedLicenses(client, wallet, bytecode, demoRedirectUris, DEMO_OWNER.privateKey);
  let snapshot = await provider.request({ method: "evm_snapshot", params: [] });

  return {
    client,
    answer,
    async advanceTime(seconds) {
      await provider.request({ method: "evm_increaseTime", params: [seconds] });
      await provider.request({ method: "evm_mine", params: [] });
      const block = await client.getBlock({ blockTag: "latest" });
      return Number(block.timestamp);
    },
    async reset() {
      await provider.request({ method: "evm_revert", params: [snapshot] });
      // A snapshot is used up by reverting to it.
      snapshot = await provider.request({ method: "evm_snapshot", params: [] });
    },
    close: () => provider.disconnect(),
  };
}
