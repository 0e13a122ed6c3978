import {
  type BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  http,
  type Hex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { beforeEach, describe, expect, it } from "vitest";
import { DEV_LICENSE_ABI } from "@/lib/chain/dev-license-abi";
import { SANDBOX_CHAIN, SANDBOX_DEV_LICENSE_ADDRESS, sandboxRpcUrl } from "@/lib/chain/sandbox-chain";
import { DEMO_LICENSE, loginRedirectUriFor } from "@/lib/demo-license";
import { DEMO_OWNER } from "@/sandbox/demo-license";
import { CONTROL_HEADERS } from "@/sandbox/control-client";
import { request, setUpSandbox } from "@/test-support/sandbox";
import { deterministicWallet } from "../seed/wallets";

const suite = setUpSandbox();
const chain = { ...SANDBOX_CHAIN, rpcUrls: { default: { http: [] as string[] } } };
const transport = () => http(sandboxRpcUrl(suite.url), { retryCount: 0 });
const publicClient = () => createPublicClient({ chain, transport: transport() });
const walletOf = (key: Hex) => createWalletClient({ chain, transport: transport(), account: privateKeyToAccount(key) });
const license = { address: SANDBOX_DEV_LICENSE_ADDRESS, abi: DEV_LICENSE_ABI } as const;
const tokenId = BigInt(DEMO_LICENSE.tokenId);
const DAY = 86_400;

beforeEach(async () => {
  await suite.control.reset();
});

/** The name of the contract error a call reverted with. */
async function revertOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    const reverted = (error as BaseError).walk((e) => e instanceof ContractFunctionRevertedError);
    if (reverted instanceof ContractFunctionRevertedError) return reverted.data?.errorName;
    throw error;
  }
  return undefined;
}

async function identityLicense(): Promise<{ alias: string; redirectURIs: { nodes: { uri: string }[] } }> {
  const answer = await request(`${suite.url}/identity/query`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      query: `{ developerLicense(by: { tokenId: ${DEMO_LICENSE.tokenId} }) { alias redirectURIs(first: 50) { nodes { uri } } } }`,
    }),
  });
  return (answer.body as { data: { developerLicense: never } }).data.developerLicense;
}

/** Signs the auth service's challenge with `key`; the status of the submission. */
async function challengeSignedBy(key: Hex): Promise<{ status: number; body: unknown }> {
  const params = new URLSearchParams({
    client_id: DEMO_LICENSE.clientId,
    domain: DEMO_LICENSE.redirectUri,
    scope: "openid email",
    response_type: "code",
    address: DEMO_LICENSE.clientId,
  });
  const issued = await request(`${suite.url}/auth/auth/web3/generate_challenge?${params}`, { method: "POST" });
  const { state, challenge } = issued.body as { state: string; challenge: string };
  const answer = await request(`${suite.url}/auth/auth/web3/submit_challenge`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      client_id: DEMO_LICENSE.clientId,
      state,
      grant_type: "authorization_code",
      domain: DEMO_LICENSE.redirectUri,
      signature: await privateKeyToAccount(key).signMessage({ message: challenge }),
    }),
  });
  return { status: answer.status, body: answer.body };
}

describe("the chain over JSON-RPC", () => {
  it("is the sandbox chain, with the demo license seeded on it", async () => {
    const client = publicClient();
    expect(await client.getChainId()).toBe(SANDBOX_CHAIN.id);
    const args = [tokenId] as const;
    expect(await client.readContract({ ...license, functionName: "getLicenseAliasByTokenId", args })).toBe(
      DEMO_LICENSE.alias,
    );
    expect(await client.readContract({ ...license, functionName: "ownerOf", args })).toBe(DEMO_LICENSE.owner.address);
    expect(await client.readContract({ ...license, functionName: "tokenIdToClientId", args })).toBe(
      DEMO_LICENSE.clientId,
    );
    expect(
      await client.readContract({ ...license, functionName: "clientIdToTokenId", args: [DEMO_LICENSE.clientId] }),
    ).toBe(tokenId);
    const signer = [tokenId, DEMO_LICENSE.apiKeySigner] as const;
    expect(await client.readContract({ ...license, functionName: "isSigner", args: signer })).toBe(true);
    const enabledAt = await client.readContract({ ...license, functionName: "signers", args: signer });
    const expiry = await client.readContract({ ...license, functionName: "getSignerExpiration", args: signer });
    expect(expiry).toBe(enabledAt + BigInt(365 * DAY));
    expect(await client.getBalance({ address: DEMO_OWNER.address })).toBeGreaterThan(10n ** 18n);
  });

  it("answers batches, and keeps the node's own controls inside", async () => {
    const call = async (body: unknown) =>
      (
        await request(sandboxRpcUrl(suite.url), {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        })
      ).body;
    const batch = (await call([
      { jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] },
      { jsonrpc: "2.0", id: 2, method: "net_version", params: [] },
    ])) as { id: number; result: string }[];
    expect(batch.map((r) => r.id)).toEqual([1, 2]);
    expect(Number(batch[0]?.result)).toBe(SANDBOX_CHAIN.id);
    for (const method of ["evm_increaseTime", "evm_mine", "evm_revert", "debug_traceTransaction", "personal_sign"]) {
      expect(await call({ jsonrpc: "2.0", id: 7, method, params: [1] })).toMatchObject({
        id: 7,
        error: { code: -32601 },
      });
    }
  });
});

describe("changes signed by a wallet", () => {
  it("renames the license for its owner, and the identity API answers the new name", async () => {
    const owner = walletOf(DEMO_OWNER.privateKey);
    const hash = await owner.writeContract({ ...license, functionName: "setLicenseAlias", args: [tokenId, "Renamed"] });
    const receipt = await publicClient().waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect(receipt.status).toBe("success");
    expect((await identityLicense()).alias).toBe("Renamed");
    await suite.control.reset();
    expect((await identityLicense()).alias).toBe(DEMO_LICENSE.alias);
  });

  it("refuses a rename by anyone but the owner with InvalidSender", async () => {
    const stranger = walletOf(deterministicWallet("other license owner").privateKey);
    const rename = stranger.writeContract({ ...license, functionName: "setLicenseAlias", args: [tokenId, "Mine"] });
    expect(await revertOf(rename)).toBe("InvalidSender");
  });

  it("refuses an alias longer than 32 bytes, and one another license has", async () => {
    const owner = walletOf(DEMO_OWNER.privateKey);
    const rename = (alias: string) =>
      owner.writeContract({ ...license, functionName: "setLicenseAlias", args: [tokenId, alias] });
    expect(await revertOf(rename("x".repeat(32)))).toBeUndefined();
    expect(await revertOf(rename("y".repeat(33)))).toBe("AliasExceedsMaxLength");
    expect(await revertOf(rename("Fleet insights (another license)"))).toBe("AliasAlreadyInUse");
  });
});

describe("the services obey the chain", () => {
  it("refuses the demo key's challenge once a year has passed on the chain", async () => {
    expect((await challengeSignedBy(DEMO_LICENSE.apiKey)).status).toBe(200);
    await suite.control.advanceChainTime(366 * DAY);
    const refused = await challengeSignedBy(DEMO_LICENSE.apiKey);
    expect(refused).toEqual({ status: 400, body: { status: 400, message: "Could not verify signature." } });
    const stillThere = await publicClient().readContract({
      ...license,
      functionName: "isSigner",
      args: [tokenId, DEMO_LICENSE.apiKeySigner],
    });
    expect(stillThere).toBe(false);
  });

  it("accepts a signer the owner enables and refuses it once disabled", async () => {
    const newKey = deterministicWallet("chain test: new api key");
    expect((await challengeSignedBy(newKey.privateKey)).status).toBe(400);
    const owner = walletOf(DEMO_OWNER.privateKey);
    const client = publicClient();
    const send = async (functionName: "enableSigner" | "disableSigner") => {
      const hash = await owner.writeContract({ ...license, functionName, args: [tokenId, newKey.address] });
      await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    };
    await send("enableSigner");
    expect((await challengeSignedBy(newKey.privateKey)).status).toBe(200);
    await send("disableSigner");
    expect((await challengeSignedBy(newKey.privateKey)).status).toBe(400);
  });

  it("lets the login service take only enabled redirect URIs", async () => {
    const uri = loginRedirectUriFor(DEMO_LICENSE.redirectUri);
    const loginPage = async () =>
      (await fetch(`${suite.url}/login?${new URLSearchParams({ clientId: DEMO_LICENSE.clientId, redirectUri: uri })}`))
        .status;
    expect(await loginPage()).toBe(200);
    const owner = walletOf(DEMO_OWNER.privateKey);
    const hash = await owner.writeContract({ ...license, functionName: "setRedirectUri", args: [tokenId, false, uri] });
    await publicClient().waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect(await loginPage()).toBe(400);
    expect((await identityLicense()).redirectURIs.nodes.map((n) => n.uri)).not.toContain(uri);
  });

  it("moves the chain's clock only through the control surface, with its header", async () => {
    const move = (headers: Record<string, string>) =>
      fetch(`${suite.url}/__sandbox/chain/time`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ advanceSeconds: DAY }),
      });
    expect((await move({})).status).toBe(403);
    const before = await publicClient().getBlock();
    const answer = await move(CONTROL_HEADERS);
    expect(answer.status).toBe(200);
    const after = await publicClient().getBlock();
    expect(after.number).toBe(before.number + 1n);
    expect(Number(after.timestamp - before.timestamp)).toBeGreaterThanOrEqual(DAY);
  });

  it("puts back the seeded chain alone: its clock and the license's name, not the sandbox's clock", async () => {
    const seeded = await publicClient().getBlock();
    const owner = walletOf(DEMO_OWNER.privateKey);
    const hash = await owner.writeContract({ ...license, functionName: "setLicenseAlias", args: [tokenId, "Moved"] });
    await publicClient().waitForTransactionReceipt({ hash, pollingInterval: 50 });
    await suite.control.advanceChainTime(366 * DAY);
    await suite.control.advanceClock(3_600);
    const sandboxClock = await suite.control.clock();
    expect(await suite.control.resetChain()).toEqual({ reset: true });
    const after = await publicClient().getBlock();
    expect(after.timestamp - seeded.timestamp).toBeLessThan(BigInt(DAY));
    expect((await identityLicense()).alias).toBe(DEMO_LICENSE.alias);
    expect((await challengeSignedBy(DEMO_LICENSE.apiKey)).status).toBe(200);
    expect((await suite.control.clock()).offsetSeconds).toBe(sandboxClock.offsetSeconds);
  });
});
