import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { type LicenseChainReader, type SignerOnChain } from "@/lib/chain/server/license-reader";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { MemoryKeyValueStore } from "@/lib/store/memory";
import { ApiKeyStore } from "./key-store";
import { ApiKeyManager } from "./manager";

/** The key manager's choices against a chain kept in memory: what it enables, and its clock. */

const SECRET = "a-server-secret-of-at-least-32-characters";
const DAY_MS = 24 * 3600_000;
const OWNER = DEMO_LICENSE.owner.address;

class FakeChain {
  enabled = new Map<string, number>();
  clock = Date.parse("2026-01-01T00:00:00Z");
  down = false;

  enable(signer: string) {
    this.enabled.set(signer.toLowerCase(), this.clock);
  }

  private check() {
    if (this.down) throw new Error("the RPC endpoint did not answer");
  }

  async tokenIdOf() {
    this.check();
    return 1n;
  }

  async now() {
    this.check();
    return this.clock;
  }

  async signer(_tokenId: bigint, address: `0x${string}`): Promise<SignerOnChain | null> {
    this.check();
    const enabledAt = this.enabled.get(address.toLowerCase());
    if (enabledAt === undefined) return null;
    const expiresAt = enabledAt + 365 * DAY_MS;
    return { address, enabledAt, expiresAt, valid: this.clock <= expiresAt };
  }

  async signers() {
    return [];
  }
}

function setUp() {
  const store = new MemoryKeyValueStore();
  const chain = new FakeChain();
  chain.enable(DEMO_LICENSE.apiKeySigner);
  const instance = (secret = SECRET) =>
    new ApiKeyManager({
      clientId: DEMO_LICENSE.clientId,
      environmentKey: DEMO_LICENSE.apiKey,
      keys: new ApiKeyStore(store, DEMO_LICENSE.clientId),
      secret: () => secret,
      chain: chain as unknown as LicenseChainReader,
      inUseCache: store,
    });
  return { store, chain, instance };
}

const signerOf = async (manager: ApiKeyManager) => privateKeyToAccount(await manager.signingKey()).address;

describe("the API key manager", () => {
  it("starts with the environment's key, and keeps it while a new key waits for the chain", async () => {
    const { store, instance } = setUp();
    const manager = instance();
    expect(await signerOf(manager)).toBe(DEMO_LICENSE.apiKeySigner);
    const { signer } = await manager.createPending(OWNER);
    expect(signer).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await signerOf(manager)).toBe(DEMO_LICENSE.apiKeySigner);
    await expect(manager.confirm(signer)).rejects.toThrow(/does not show the signer .* enabled/);
    const stored = String(await store.get(`api-keys:${DEMO_LICENSE.clientId.toLowerCase()}`));
    expect(stored).toContain(signer);
    expect(stored).not.toMatch(/[0-9a-f]{64}/i);
    const listed = await manager.list();
    expect(listed.map((k) => [k.source, k.status, k.inUse])).toEqual([
      ["dashboard", "pending", false],
      ["environment", "enabled", true],
    ]);
  });

  it("switches to the new key once the chain enables it, on every instance that holds the secret", async () => {
    const { chain, instance } = setUp();
    const manager = instance();
    const { signer } = await manager.createPending(OWNER);
    chain.clock += DAY_MS;
    chain.enable(signer);
    const confirmed = await manager.confirm(signer);
    expect(confirmed).toMatchObject({ signer, source: "dashboard", status: "enabled", inUse: true });
    expect(await signerOf(manager)).toBe(signer);
    expect(await signerOf(instance())).toBe(signer);
    // An instance with another secret cannot open it, and keeps signing with the environment's key.
    expect(await signerOf(instance(`${SECRET}-other`))).toBe(DEMO_LICENSE.apiKeySigner);
  });

  it("flags the key in use 30 days before it expires by the chain's clock, and leaves it once expired", async () => {
    const { chain, instance } = setUp();
    const { signer } = await instance().createPending(OWNER);
    chain.clock += 400 * DAY_MS; // the environment's key has expired by now
    chain.enable(signer);
    await instance().confirm(signer);
    const enabledAt = chain.clock;
    chain.clock = enabledAt + 334 * DAY_MS;
    expect(await instance().inUse()).toMatchObject({ signer, expiresSoon: false, enabledAt });
    chain.clock = enabledAt + 340 * DAY_MS;
    expect(await instance().inUse()).toMatchObject({ signer, expiresSoon: true, expiresAt: enabledAt + 365 * DAY_MS });
    chain.clock = enabledAt + 366 * DAY_MS;
    expect(await instance().inUse()).toMatchObject({ signer: DEMO_LICENSE.apiKeySigner, source: "environment" });
  });

  it("uses a key the chain disabled no more", async () => {
    const { chain, instance } = setUp();
    const { signer } = await instance().createPending(OWNER);
    chain.enable(signer);
    await instance().confirm(signer);
    chain.enabled.delete(signer.toLowerCase());
    const manager = instance();
    expect(await signerOf(manager)).toBe(DEMO_LICENSE.apiKeySigner);
    expect((await manager.list())[0]).toMatchObject({ signer, status: "disabled", inUse: false });
  });

  it("keeps the key in use for every page's expiry line, shared, until the dashboard changes the keys", async () => {
    const { chain, instance } = setUp();
    const [one, two] = [instance(), instance()];
    expect(await one.inUseCached()).toMatchObject({ signer: DEMO_LICENSE.apiKeySigner, expiresSoon: false });
    // The chain's clock moves: the kept answer stands, on the other instance too, without asking the chain.
    chain.clock += 340 * DAY_MS;
    chain.down = true;
    expect(await two.inUseCached()).toMatchObject({ signer: DEMO_LICENSE.apiKeySigner, expiresSoon: false });
    chain.down = false;
    const { signer } = await one.createPending(OWNER);
    chain.enable(signer);
    await one.confirm(signer);
    expect(await two.inUseCached()).toMatchObject({ signer, source: "dashboard", expiresSoon: false });
    await two.forgetInUse();
    chain.clock += 340 * DAY_MS;
    expect(await one.inUseCached()).toMatchObject({ signer, expiresSoon: true });
  });

  it("keeps the confirmed key while the chain cannot be read, until the expiry it recorded", async () => {
    const { chain, instance } = setUp();
    const { signer } = await instance().createPending(OWNER);
    chain.enable(signer);
    await instance().confirm(signer);
    chain.down = true;
    expect(await signerOf(instance())).toBe(signer);
  });
});
