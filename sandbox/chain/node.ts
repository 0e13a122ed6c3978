import { createRequire } from "node:module";
import ganache, { type EthereumProvider } from "ganache";
import {
  createPublicClient,
  createWalletClient,
  custom,
  type Account,
  type Chain,
  type Hex,
  type PublicClient,
  type Transport,
  type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { SANDBOX_CHAIN } from "@/lib/chain/sandbox-chain";
import { CHAIN_HARDFORK } from "./compile";

export interface JsonRpcRequest {
  id?: string | number | null;
  method: string;
  params?: unknown[];
}

export type JsonRpcResponse = { jsonrpc: "2.0"; id: string | number | null } & (
  { result: unknown } | { error: { code: number; message: string; data?: unknown } }
);

/** What the chain's stored state depends on besides what was sent to it: the node and how it is set up. */
export const NODE_VERSION = `ganache ${(createRequire(__filename)("ganache/package.json") as { version: string }).version}`;
export const NODE_SETTINGS = {
  chain: { chainId: SANDBOX_CHAIN.id, networkId: SANDBOX_CHAIN.id, hardfork: CHAIN_HARDFORK },
  // No unlocked accounts: every transaction comes signed, as from a real wallet.
  wallet: { totalAccounts: 0 },
  miner: { instamine: "eager" },
  logging: { quiet: true },
} as const;

const viemChain = {
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

/** ganache in this process over a folder of its own (its LevelDB), with viem clients on it. */
export interface ChainNode {
  readonly provider: EthereumProvider;
  /** Reads the chain in this process. */
  readonly client: PublicClient;
  /** A wallet that signs with `privateKey` and sends through this node. */
  wallet(privateKey: Hex): WalletClient<Transport, Chain, Account>;
  /** Answers one JSON-RPC request as the node does. */
  answer(request: JsonRpcRequest): Promise<JsonRpcResponse>;
  /** The node's own controls (`evm_…`), which stay inside the sandbox. */
  control(method: string, params?: unknown[]): Promise<unknown>;
  close(): Promise<void>;
}

/** Starts the node on the chain kept in `dbPath` (an empty folder starts a new chain there). */
export function openChainNode(dbPath: string): ChainNode {
  const provider = ganache.provider({ ...NODE_SETTINGS, database: { dbPath } });
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
  return {
    provider,
    client: createPublicClient({ chain: viemChain, transport, pollingInterval: 10, cacheTime: 0 }) as PublicClient,
    wallet: (privateKey) =>
      createWalletClient({ chain: viemChain, transport, account: privateKeyToAccount(privateKey) }),
    answer,
    control: (method, params = []) => provider.request({ method, params } as never),
    close: () => provider.disconnect(),
  };
}
