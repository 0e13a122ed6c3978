import { beforeEach, describe, expect, it } from "vitest";
import { SANDBOX_DEV_LICENSE_ADDRESS, sandboxRpcUrl } from "@/lib/chain/sandbox-chain";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { MemoryKeyValueStore } from "@/lib/store/memory";
import { ownerSends } from "@/test-support/license-wallet";
import { setUpSandbox } from "@/test-support/sandbox";
import { LicenseChainReader } from "./license-reader";
import { type RpcCall } from "./observed-transport";

/** The license as the sandbox's chain holds it, read over JSON-RPC, before and after the owner's transactions. */

const suite = setUpSandbox();
const reader = () =>
  new LicenseChainReader({ contract: SANDBOX_DEV_LICENSE_ADDRESS, rpcUrl: sandboxRpcUrl(suite.url) });
const TOKEN_ID = BigInt(DEMO_LICENSE.tokenId);
const DAY_MS = 86_400_000;
const NEW_URI = "https://app.example.com/callback";
const OTHER_URI = "https://other.example.com/callback";
const NEW_SIGNER = "0x00000000000000000000000000000000000000A1";

beforeEach(async () => {
  await suite.control.reset();
});

describe("the license on chain", () => {
  it("maps the client id to its token, with the owner and the alias", async () => {
    expect(await reader().tokenIdOf(DEMO_LICENSE.clientId)).toBe(TOKEN_ID);
    expect(await reader().tokenIdOf("0x1111111111111111111111111111111111111111")).toBeNull();
    expect(await reader().license(TOKEN_ID)).toEqual({
      tokenId: TOKEN_ID,
      owner: DEMO_LICENSE.owner.address,
      alias: DEMO_LICENSE.alias,
      clientId: DEMO_LICENSE.clientId,
    });
  });

  it("lists the redirect URIs enabled now: one added appears, one disabled leaves", async () => {
    const before = await reader().redirectUris(TOKEN_ID);
    expect(before).toContain(DEMO_LICENSE.redirectUri);
    await ownerSends(suite.url, { functionName: "setRedirectUri", args: [true, NEW_URI] });
    expect(await reader().redirectUris(TOKEN_ID)).toEqual([...before, NEW_URI]);
    await ownerSends(suite.url, { functionName: "setRedirectUri", args: [false, DEMO_LICENSE.redirectUri] });
    expect(await reader().redirectUris(TOKEN_ID)).toEqual([
      ...before.filter((u) => u !== DEMO_LICENSE.redirectUri),
      NEW_URI,
    ]);
  });

  it("lists the signers with their times, newest first, and judges them by the chain's clock", async () => {
    const [seeded] = await reader().signers(TOKEN_ID);
    expect(seeded).toMatchObject({ address: DEMO_LICENSE.apiKeySigner, valid: true });
    expect(seeded?.expiresAt).toBe((seeded?.enabledAt ?? 0) + 365 * DAY_MS);
    await suite.control.advanceChainTime(10 * 86_400);
    await ownerSends(suite.url, { functionName: "enableSigner", args: [NEW_SIGNER] });
    const signers = await reader().signers(TOKEN_ID);
    expect(signers.map((s) => s.address)).toEqual([NEW_SIGNER, DEMO_LICENSE.apiKeySigner]);
    expect(await reader().isSigner(TOKEN_ID, NEW_SIGNER)).toBe(true);

    const chainNow = await reader().now();
    await suite.control.advanceChainTime(360 * 86_400);
    expect(await reader().now()).toBeGreaterThanOrEqual(chainNow + 360 * DAY_MS);
    expect(await reader().isSigner(TOKEN_ID, DEMO_LICENSE.apiKeySigner)).toBe(false);
    expect(await reader().signer(TOKEN_ID, DEMO_LICENSE.apiKeySigner)).toMatchObject({ valid: false });
    expect(await reader().signer(TOKEN_ID, NEW_SIGNER)).toMatchObject({ valid: true });

    await ownerSends(suite.url, { functionName: "disableSigner", args: [NEW_SIGNER] });
    expect(await reader().signer(TOKEN_ID, NEW_SIGNER)).toBeNull();
    expect((await reader().signers(TOKEN_ID)).map((s) => s.address)).toEqual([DEMO_LICENSE.apiKeySigner]);
  });

  it("tells its observer of each RPC call after its turn, naming the function an eth_call read", async () => {
    const calls: RpcCall[] = [];
    let turns = 0;
    const observed = new LicenseChainReader({
      contract: SANDBOX_DEV_LICENSE_ADDRESS,
      rpcUrl: sandboxRpcUrl(suite.url),
      observer: { turn: async () => void (turns += 1), ended: (call) => calls.push(call) },
    });
    expect(await observed.isSigner(TOKEN_ID, DEMO_LICENSE.apiKeySigner)).toBe(true);
    expect(await observed.redirectUris(TOKEN_ID)).toContain(DEMO_LICENSE.redirectUri);
    expect(calls[0]).toMatchObject({ method: "eth_call isSigner", endpoint: new URL(suite.url).origin, status: 200 });
    expect(calls.map((call) => call.method)).toContain("eth_getLogs");
    expect(calls.map((call) => call.method)).toContain("eth_call redirectUriStatus");
    expect(turns).toBe(calls.length);
  });

  it("keeps its event scan in the store, and reads the whole chain again once the chain started anew", async () => {
    const scans = new MemoryKeyValueStore();
    const kept = () =>
      new LicenseChainReader({ contract: SANDBOX_DEV_LICENSE_ADDRESS, rpcUrl: sandboxRpcUrl(suite.url), scans });
    await kept().redirectUris(TOKEN_ID);
    await ownerSends(suite.url, { functionName: "setRedirectUri", args: [true, NEW_URI] });
    expect(await kept().redirectUris(TOKEN_ID)).toContain(NEW_URI);
    await suite.control.resetChain();
    await ownerSends(suite.url, { functionName: "setRedirectUri", args: [true, OTHER_URI] });
    const after = await kept().redirectUris(TOKEN_ID);
    expect(after).toContain(OTHER_URI);
    expect(after).not.toContain(NEW_URI);
  });
});
