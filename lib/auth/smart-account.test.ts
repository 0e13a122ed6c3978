import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { User } from "next-auth";
import { encodeFunctionData, getContractAddress, keccak256, serializeErc6492Signature, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSignInMessage } from "@/lib/sign-in-message";
import { type LocalChain, startLocalChain } from "@/test-support/evm/local-chain";

/**
 * Smart-account wallets through the real sign-in path (next-auth's credentials authorize, with DIMO_RPC_URL set):
 * an ERC-1271 account deployed on a local EVM answers for its owner's signature, and an account not deployed yet
 * signs through ERC-6492. The chain is in this process (test-support/evm/local-chain.ts); nothing leaves the machine.
 */

const OWNER = privateKeyToAccount(keccak256(toHex("dimo-dashboard test: smart account owner")));
const MALLORY = privateKeyToAccount(keccak256(toHex("dimo-dashboard test: not the owner")));
const ORIGIN = "http://localhost:3000";
const SALT = keccak256(toHex("salt"));

const AUTH_SECRET = "s".repeat(40);

/** The factory call that deploys `owner`'s account at SALT: what an ERC-6492 signature carries. */
const deployCall = (owner: `0x${string}`) =>
  encodeFunctionData({
    abi: [
      {
        type: "function",
        name: "deploy",
        stateMutability: "nonpayable",
        inputs: [{ type: "address" }, { type: "bytes32" }],
        outputs: [{ type: "address" }],
      },
    ],
    functionName: "deploy",
    args: [owner, SALT],
  });

let chain: LocalChain;
let account: `0x${string}`;
let undeployed: `0x${string}`;
let factory: `0x${string}`;
let dataDir: string;
const savedEnv = { ...process.env };

type Authorize = (credentials: Record<string, string>) => Promise<User>;

async function authorizeWith(env: Record<string, string>): Promise<Authorize> {
  process.env = { ...savedEnv, NEXTAUTH_URL: ORIGIN, SANDBOX_DATA_DIR: dataDir, AUTH_SECRET, ...env };
  const { vi } = await import("vitest");
  vi.resetModules();
  const { getAuthOptions } = await import("./options");
  const provider = getAuthOptions().providers[0] as unknown as { options: { authorize: Authorize } };
  return (credentials) => provider.options.authorize(credentials);
}

async function signInMessage(address: `0x${string}`): Promise<string> {
  const { getSignInNonces } = await import("./sign-in-nonces");
  return buildSignInMessage({ origin: ORIGIN, address, nonce: getSignInNonces().issue(), issuedAt: new Date() });
}

async function refusal(attempt: Promise<unknown>): Promise<string> {
  try {
    await attempt;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("the sign-in was accepted");
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "smart-account-"));
  chain = await startLocalChain();
  account = await chain.deployAccount(OWNER.address);
  factory = await chain.deployFactory();
  undeployed = getContractAddress({
    opcode: "CREATE2",
    from: factory,
    salt: SALT,
    bytecode: chain.accountInitCode(OWNER.address),
  });
}, 120_000);

afterAll(async () => {
  process.env = savedEnv;
  await chain?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a smart-account wallet signs in through ERC-1271 when DIMO_RPC_URL is set", () => {
  it("accepts the owner's signature for the deployed account, asking the chain", async () => {
    const authorize = await authorizeWith({ DIMO_RPC_URL: chain.url, DASHBOARD_ADMINS: `${account},${undeployed}` });
    const message = await signInMessage(account);
    const before = chain.requestCount();
    const user = await authorize({ message, signature: await OWNER.signMessage({ message }) });
    expect(user).toMatchObject({ id: account.toLowerCase(), role: "admin", via: "wallet" });
    expect(chain.requestCount()).toBeGreaterThan(before);
  });

  it("refuses a signature by any other key, without spending the nonce", async () => {
    const authorize = await authorizeWith({ DIMO_RPC_URL: chain.url, DASHBOARD_ADMINS: account });
    const message = await signInMessage(account);
    expect(await refusal(authorize({ message, signature: await MALLORY.signMessage({ message }) }))).toBe(
      "BAD_SIGNATURE",
    );
    // The same message still signs in with the owner's signature: the refused attempt did not burn its nonce.
    expect(await authorize({ message, signature: await OWNER.signMessage({ message }) })).toMatchObject({
      id: account.toLowerCase(),
    });
  });

  it("accepts an ERC-6492 signature for an account not deployed yet, and refuses one by another key", async () => {
    const authorize = await authorizeWith({ DIMO_RPC_URL: chain.url, DASHBOARD_ADMINS: undeployed });
    const wrap = (signature: `0x${string}`) =>
      serializeErc6492Signature({ address: factory, data: deployCall(OWNER.address), signature });

    const message = await signInMessage(undeployed);
    expect(await refusal(authorize({ message, signature: wrap(await MALLORY.signMessage({ message })) }))).toBe(
      "BAD_SIGNATURE",
    );
    expect(await authorize({ message, signature: wrap(await OWNER.signMessage({ message })) })).toMatchObject({
      id: undeployed.toLowerCase(),
    });
  });

  it("looks at the nonce before the chain: a forged or expired nonce costs no RPC call, whatever the signature", async () => {
    const authorize = await authorizeWith({ DIMO_RPC_URL: chain.url, DASHBOARD_ADMINS: `${account},${undeployed}` });
    const { createNonces } = await import("./nonces");
    const { MemoryKeyValueStore } = await import("@/lib/store/memory");
    const nonceMadeWith = (secret: string, now = Date.now) =>
      createNonces({ secret, store: new MemoryKeyValueStore(), now }).issue();
    const nonces = {
      "made with another secret": nonceMadeWith("another-secret-that-is-long-enough-0123456789"),
      "made here but expired": nonceMadeWith(AUTH_SECRET, () => Date.now() - 10 * 60_000),
      "made up": "f".repeat(56),
    };
    // The caller picks the factory call that the chain would run for an ERC-6492 signature.
    const factoryCall = (signature: `0x${string}`) =>
      serializeErc6492Signature({ address: factory, data: deployCall(MALLORY.address), signature });

    for (const [name, nonce] of Object.entries(nonces)) {
      for (const address of [account, undeployed]) {
        const message = buildSignInMessage({ origin: ORIGIN, address, nonce, issuedAt: new Date() });
        const bad = await MALLORY.signMessage({ message });
        for (const signature of [bad, factoryCall(bad)]) {
          const before = chain.requestCount();
          expect(await refusal(authorize({ message, signature })), name).toBe("BAD_NONCE");
          expect(chain.requestCount(), name).toBe(before);
        }
      }
    }
  });

  it("without DIMO_RPC_URL, refuses the smart account and says why", async () => {
    const authorize = await authorizeWith({ DASHBOARD_ADMINS: account });
    const message = await signInMessage(account);
    // A plain 65-byte signature by the owner is not the account's own: without a chain it cannot be checked.
    expect(await refusal(authorize({ message, signature: await OWNER.signMessage({ message }) }))).toBe(
      "BAD_SIGNATURE",
    );
    const wrapped = serializeErc6492Signature({
      address: account,
      data: "0x",
      signature: await OWNER.signMessage({ message }),
    });
    expect(await refusal(authorize({ message, signature: wrapped }))).toBe("SMART_ACCOUNT_UNSUPPORTED");
  });
});
