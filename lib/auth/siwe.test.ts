import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { beforeEach, describe, expect, it } from "vitest";
import { SignInError, verifySignIn, type SignInFailure } from "./siwe";

const ORIGIN = "http://localhost:3000";
const alice = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
const mallory = privateKeyToAccount("0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a");

let issued: Set<string>;
const consumeNonce = (nonce: string) => issued.delete(nonce);

function message(overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}) {
  const issuedAt = new Date();
  return createSiweMessage({
    domain: "localhost:3000",
    uri: ORIGIN,
    address: alice.address,
    chainId: 1,
    nonce: "abcdef1234567890",
    version: "1",
    issuedAt,
    expirationTime: new Date(issuedAt.getTime() + 5 * 60_000),
    ...overrides,
  });
}

async function verify(text: string, signature?: string) {
  return verifySignIn({
    message: text,
    signature: signature ?? (await alice.signMessage({ message: text })),
    expectedOrigin: ORIGIN,
    consumeNonce,
  });
}

async function failure(promise: Promise<unknown>): Promise<SignInFailure> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof SignInError)) throw new Error(`expected a SignInError, got ${String(error)}`);
  return error.code;
}

beforeEach(() => {
  issued = new Set(["abcdef1234567890"]);
});

describe("verifySignIn", () => {
  it("accepts a fresh message signed by its address and returns the address in lowercase", async () => {
    await expect(verify(message())).resolves.toBe(alice.address.toLowerCase());
    expect(issued.size).toBe(0);
  });

  it("refuses a replayed message: the nonce is single-use", async () => {
    const text = message();
    const signature = await alice.signMessage({ message: text });
    await verify(text, signature);
    expect(await failure(verify(text, signature))).toBe("BAD_NONCE");
  });

  it("refuses a nonce the server never issued", async () => {
    expect(await failure(verify(message({ nonce: "neverissued12345" })))).toBe("BAD_NONCE");
  });

  it("refuses a message for another domain", async () => {
    expect(await failure(verify(message({ domain: "evil.example", uri: "https://evil.example" })))).toBe(
      "WRONG_DOMAIN",
    );
  });

  it("refuses a message whose URI points at another site", async () => {
    expect(await failure(verify(message({ uri: "https://evil.example/login" })))).toBe("WRONG_DOMAIN");
  });

  it("refuses an expired message", async () => {
    const issuedAt = new Date(Date.now() - 20 * 60_000);
    const text = message({ issuedAt, expirationTime: new Date(issuedAt.getTime() + 5 * 60_000) });
    expect(await failure(verify(text))).toBe("EXPIRED_MESSAGE");
  });

  it("refuses a message that asks for a long life", async () => {
    const issuedAt = new Date();
    expect(
      await failure(verify(message({ issuedAt, expirationTime: new Date(issuedAt.getTime() + 24 * 3_600_000) }))),
    ).toBe("EXPIRED_MESSAGE");
  });

  it("refuses a message issued in the future", async () => {
    const issuedAt = new Date(Date.now() + 10 * 60_000);
    expect(await failure(verify(message({ issuedAt, expirationTime: new Date(issuedAt.getTime() + 60_000) })))).toBe(
      "EXPIRED_MESSAGE",
    );
  });

  it("refuses a message without an expiry", async () => {
    expect(await failure(verify(message({ expirationTime: undefined })))).toBe("MALFORMED_MESSAGE");
  });

  it("refuses a tampered message", async () => {
    const text = message();
    const signature = await alice.signMessage({ message: text });
    const tampered = text.replace(`URI: ${ORIGIN}`, `URI: ${ORIGIN}/elsewhere`);
    expect(tampered).not.toBe(text);
    expect(await failure(verify(tampered, signature))).toBe("BAD_SIGNATURE");
    // A failed attempt does not burn the nonce.
    expect(issued.has("abcdef1234567890")).toBe(true);
  });

  it("refuses a signature from another key", async () => {
    const text = message();
    expect(await failure(verify(text, await mallory.signMessage({ message: text })))).toBe("BAD_SIGNATURE");
  });

  it("refuses a malformed signature", async () => {
    expect(await failure(verify(message(), "0x1234"))).toBe("BAD_SIGNATURE");
  });

  it("refuses a message for another chain, before it looks at the nonce", async () => {
    expect(await failure(verify(message({ chainId: 137 })))).toBe("WRONG_CHAIN");
    expect(issued.has("abcdef1234567890")).toBe(true);
  });

  it("refuses text that is not a sign-in message", async () => {
    expect(await failure(verify("hello"))).toBe("MALFORMED_MESSAGE");
  });
});
