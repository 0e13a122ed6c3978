import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LicenseChainReader } from "@/lib/chain/server/license-reader";
import { SANDBOX_DEV_LICENSE_ADDRESS, sandboxRpcUrl } from "@/lib/chain/sandbox-chain";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { createStores } from "@/lib/store";
import { ownerSends } from "@/test-support/license-wallet";
import { type RedisServer, startRedisServer } from "@/test-support/redis";
import { setUpSandbox } from "@/test-support/sandbox";
import { ApiKeyStore } from "./key-store";
import { ApiKeyManager } from "./manager";

/**
 * Two dashboard instances on one Redis and one sandbox chain: a key one instance made and confirmed is the key the
 * other signs with; an instance with another secret cannot open it, and Redis holds nothing of it in the clear.
 */

const SECRET = "a-server-secret-of-at-least-32-characters";
const suite = setUpSandbox();
let redis: RedisServer;
const opened: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await Promise.all(opened.map((stores) => stores.close()));
  await redis?.stop();
});

function storesOnRedis() {
  const stores = createStores({ url: redis.url, keyPrefix: "api-keys-test:" });
  opened.push(stores);
  return stores;
}

function instance(secret = SECRET) {
  const stores = storesOnRedis();
  return new ApiKeyManager({
    clientId: DEMO_LICENSE.clientId,
    environmentKey: DEMO_LICENSE.apiKey,
    keys: new ApiKeyStore(stores.keyValue, DEMO_LICENSE.clientId),
    secret: () => secret,
    chain: new LicenseChainReader({ contract: SANDBOX_DEV_LICENSE_ADDRESS, rpcUrl: sandboxRpcUrl(suite.url) }),
    inUseCache: stores.keyValue,
  });
}

describe("API keys shared through Redis", () => {
  it("are used by every instance that holds the secret, and by no other", async () => {
    await suite.control.reset();
    const first = instance();
    const { signer } = await first.createPending(DEMO_LICENSE.owner.address);
    await ownerSends(suite.url, { functionName: "enableSigner", args: [signer] });

    const second = instance();
    await second.confirm(signer);
    expect(privateKeyToAccount(await first.signingKey()).address).toBe(signer);
    expect(privateKeyToAccount(await second.signingKey()).address).toBe(signer);
    expect(privateKeyToAccount(await instance(`${SECRET}-other`).signingKey()).address).toBe(DEMO_LICENSE.apiKeySigner);

    const raw = await storesOnRedis().keyValue.get(`api-keys:${DEMO_LICENSE.clientId.toLowerCase()}`);
    expect(raw).toContain(signer);
    expect(raw).not.toMatch(/[0-9a-f]{64}/i);
    expect(raw).not.toContain((await first.signingKey()).slice(2));
  });
});
