import { rmSync } from "node:fs";
import { createPublicClient, http } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_LICENSE_ABI } from "@/lib/chain/dev-license-abi";
import { SANDBOX_CHAIN, SANDBOX_DEV_LICENSE_ADDRESS, sandboxRpcUrl } from "@/lib/chain/sandbox-chain";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { ownerSends } from "@/test-support/license-wallet";
import { createTestDataDir, TEST_SANDBOX_CACHE_DIR } from "@/test-support/sandbox-template";
import { sandboxControl } from "../control-client";
import { deterministicWallet } from "../seed/wallets";
import { startSandbox } from "../server";

const NEW_KEY = deterministicWallet("kept chain test: api key").address;

let dataDir: string;
beforeAll(async () => {
  dataDir = await createTestDataDir();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const start = (keepChain: boolean) =>
  startSandbox({ port: 0, dataDir, cacheDir: TEST_SANDBOX_CACHE_DIR, quiet: true, live: false, keepChain });

async function isSigner(url: string): Promise<boolean> {
  const chain = { ...SANDBOX_CHAIN, rpcUrls: { default: { http: [sandboxRpcUrl(url)] } } };
  const client = createPublicClient({ chain, transport: http(sandboxRpcUrl(url), { retryCount: 0 }) });
  return client.readContract({
    address: SANDBOX_DEV_LICENSE_ADDRESS,
    abi: DEV_LICENSE_ABI,
    functionName: "isSigner",
    args: [BigInt(DEMO_LICENSE.tokenId), NEW_KEY],
  });
}

describe("the chain across a restart", () => {
  it("keeps a key the owner enabled when asked to, and starts from the seeded chain otherwise", async () => {
    const first = await start(true);
    try {
      expect(await isSigner(first.url)).toBe(false);
      await ownerSends(first.url, { functionName: "enableSigner", args: [NEW_KEY] });
      expect(await isSigner(first.url)).toBe(true);
    } finally {
      await first.close();
    }

    const kept = await start(true);
    try {
      expect(await isSigner(kept.url)).toBe(true);
      // A reset goes back to the chain as this start found it.
      await sandboxControl(() => kept.url).resetChain();
      expect(await isSigner(kept.url)).toBe(true);
    } finally {
      await kept.close();
    }

    const fresh = await start(false);
    try {
      expect(await isSigner(fresh.url)).toBe(false);
    } finally {
      await fresh.close();
    }
  });
});
