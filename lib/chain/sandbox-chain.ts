/**
 * The sandbox's local chain: its id, name and currency (for viem and wagmi), the path of its JSON-RPC endpoint under
 * the sandbox's origin, and the address its license contract is deployed at (the same at every start: a fixed
 * deployer's first transaction). The id is no public network's, so a wallet cannot mistake it for a real one.
 */
export const SANDBOX_CHAIN = {
  id: 13_374_455,
  name: "DIMO sandbox",
  nativeCurrency: { name: "Sandbox POL", symbol: "sPOL", decimals: 18 },
} as const;

/** The JSON-RPC endpoint's path under the sandbox's origin (POST, JSON-RPC 2.0). */
export const SANDBOX_RPC_PATH = "/rpc";

export const SANDBOX_DEV_LICENSE_ADDRESS = "0x31771138a35B9f18189e2F0853960b485Eb45F83";

/** The sandbox chain's JSON-RPC URL for a sandbox at `origin` (e.g. http://127.0.0.1:4455). */
export const sandboxRpcUrl = (origin: string) => `${origin}${SANDBOX_RPC_PATH}`;
