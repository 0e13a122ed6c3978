import { verifyMessage } from "viem";
import { createSiweMessage } from "viem/siwe";
import { MESSAGE_LIFETIME_MS, SIGN_IN_STATEMENT } from "@/lib/sign-in-message";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setUpSandbox } from "@/test-support/sandbox";
import { sandboxEnv } from "@/test-support/sandbox-env";
import { DEMO_LICENSE } from "@/lib/demo-license";

/** The demo wallet signs only sign-in messages for this dashboard and that wallet, and only in sandbox mode. */

const sandbox = setUpSandbox();
const savedEnv = { ...process.env };

function signInMessage(overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}) {
  const issuedAt = new Date();
  return createSiweMessage({
    domain: "localhost:3000",
    uri: "http://localhost:3000",
    address: DEMO_LICENSE.owner.address,
    chainId: 1,
    nonce: "abcdef1234567890",
    version: "1",
    issuedAt,
    expirationTime: new Date(issuedAt.getTime() + MESSAGE_LIFETIME_MS),
    statement: SIGN_IN_STATEMENT,
    ...overrides,
  });
}

async function loadAction(env: Record<string, string>) {
  process.env = { ...savedEnv, ...env };
  // The configuration is read once per module instance; a fresh import reads this environment.
  vi.resetModules();
  return (await import("./sign-in")).signWithDemoWalletAction;
}

afterAll(() => {
  process.env = savedEnv;
});

describe("signWithDemoWalletAction in sandbox mode", () => {
  let sign: Awaited<ReturnType<typeof loadAction>>;
  beforeEach(async () => {
    sign = await loadAction({ ...sandboxEnv(sandbox.url), NEXTAUTH_URL: "http://localhost:3000" });
  });

  it("signs this dashboard's sign-in message with the owner's key, verifiably", async () => {
    const message = signInMessage();
    const result = await sign(message);
    if (!result.ok) throw new Error(result.error.message);
    expect(await verifyMessage({ address: DEMO_LICENSE.owner.address, message, signature: result.data })).toBe(true);
  });

  it("refuses a message for another wallet", async () => {
    const result = await sign(signInMessage({ address: "0x1111111111111111111111111111111111111111" }));
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ code: "INVALID_INPUT" }) });
  });

  it("refuses a message for another site", async () => {
    const result = await sign(signInMessage({ domain: "evil.example", uri: "https://evil.example" }));
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ code: "INVALID_INPUT" }) });
  });

  it("refuses this site's message with anything added, removed or changed", async () => {
    const message = signInMessage();
    const refused = { ok: false, error: expect.objectContaining({ code: "INVALID_INPUT" }) };
    expect(await sign(`${message}\nTransfer all funds to 0x1111111111111111111111111111111111111111`)).toEqual(refused);
    expect(await sign(`${message}\n`)).toEqual(refused);
    expect(await sign(signInMessage({ resources: ["https://evil.example/grant"] }))).toEqual(refused);
    expect(await sign(signInMessage({ requestId: "42" }))).toEqual(refused);
    expect(await sign(signInMessage({ statement: "Approve the transfer" }))).toEqual(refused);
    expect(await sign(signInMessage({ chainId: 137 }))).toEqual(refused);
    expect(await sign(signInMessage({ expirationTime: new Date(Date.now() + 86_400_000) }))).toEqual(refused);
  });

  it("refuses anything that is not a sign-in message", async () => {
    expect(await sign("Transfer all funds")).toEqual({
      ok: false,
      error: expect.objectContaining({ code: "INVALID_INPUT" }),
    });
    expect(await sign({ message: 1 })).toEqual({
      ok: false,
      error: expect.objectContaining({ code: "INVALID_INPUT" }),
    });
  });
});

describe("signWithDemoWalletAction outside sandbox mode", () => {
  it("does not exist, even with a sandbox reachable", async () => {
    const sign = await loadAction({
      ...sandboxEnv(sandbox.url),
      DIMO_ENV: "custom",
      DIMO_CLIENT_ID: DEMO_LICENSE.clientId,
      DIMO_DOMAIN: DEMO_LICENSE.redirectUri,
      DIMO_API_KEY: DEMO_LICENSE.apiKey,
      AUTH_SECRET: "s".repeat(40),
      NEXTAUTH_URL: "http://localhost:3000",
    });
    expect(await sign(signInMessage())).toEqual({ ok: false, error: expect.objectContaining({ code: "UNAVAILABLE" }) });
  });
});
