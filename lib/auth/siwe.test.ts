import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { beforeEach, describe, expect, it } from "vitest";
import { MemoryKeyValueStore } from "@/lib/store/memory";
import type { ChainSignatureVerifier } from "./chain-signatures";
import { type Nonces, createNonces } from "./nonces";
import { SignInError, verifySignIn, type SignInFailure } from "./siwe";

const ORIGIN = "http://localhost:3000";
const alice = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
const mallory = privateKeyToAccount("0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a");

let nonces: Nonces;
let nonce: string;

function message(overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}) {
  const issuedAt = new Date();
  return createSiweMessage({
    domain: "localhost:3000",
    uri: ORIGIN,
    address: alice.address,
    chainId: 1,
    nonce,
    version: "1",
    issuedAt,
    expirationTime: new Date(issuedAt.getTime() + 5 * 60_000),
    ...overrides,
  });
}

async function verify(text: string, signature?: string, verifyOnChain?: ChainSignatureVerifier) {
  return verifySignIn({
    message: text,
    signature: signature ?? (await alice.signMessage({ message: text })),
    expectedOrigin: ORIGIN,
    nonces,
    verifyOnChain,
  });
}

/** A stand-in for the chain that answers `valid` and counts how often it was asked. */
function chainAnswering(valid: boolean) {
  const asked = { count: 0 };
  const verifyOnChain: ChainSignatureVerifier = async () => {
    asked.count += 1;
    return valid;
  };
  return { asked, verifyOnChain };
}

/** Whether the test's nonce is still unspent (spending it to find out). */
const nonceStillUnspent = () => nonces.consume(nonce);

async function failure(promise: Promise<unknown>): Promise<SignInFailure> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof SignInError)) throw new Error(`expected a SignInError, got ${String(error)}`);
  return error.code;
}

beforeEach(() => {
  nonces = createNonces({ secret: "a-test-secret-that-is-long-enough-0123456789", store: new MemoryKeyValueStore() });
  nonce = nonces.issue();
});

describe("verifySignIn", () => {
  it("accepts a fresh message signed by its address and returns the address in lowercase", async () => {
    await expect(verify(message())).resolves.toBe(alice.address.toLowerCase());
    expect(await nonceStillUnspent()).toBe(false);
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

  it("takes a message up to the edges of its time rules, and refuses it a millisecond past each", async () => {
    const now = new Date("2026-05-01T12:00:00.000Z");
    const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
    const outcome = async (times: { issuedAt: Date; expirationTime: Date; notBefore?: Date }) => {
      nonce = nonces.issue();
      const text = message(times);
      const signature = await alice.signMessage({ message: text });
      return verifySignIn({ message: text, signature, expectedOrigin: ORIGIN, nonces, now }).then(
        () => "accepted",
        (error: unknown) => (error instanceof SignInError ? error.code : String(error)),
      );
    };
    const minute = 60_000;
    // Expiry: after now, and at most 10 minutes after the issue time.
    expect(await outcome({ issuedAt: at(-minute), expirationTime: at(1) })).toBe("accepted");
    expect(await outcome({ issuedAt: at(-minute), expirationTime: at(0) })).toBe("EXPIRED_MESSAGE");
    expect(await outcome({ issuedAt: at(-minute), expirationTime: at(9 * minute) })).toBe("accepted");
    expect(await outcome({ issuedAt: at(-minute), expirationTime: at(9 * minute + 1) })).toBe("EXPIRED_MESSAGE");
    // Issued, or valid from, at most a minute ahead of this server's clock.
    expect(await outcome({ issuedAt: at(minute), expirationTime: at(2 * minute) })).toBe("accepted");
    expect(await outcome({ issuedAt: at(minute + 1), notBefore: now, expirationTime: at(2 * minute) })).toBe(
      "EXPIRED_MESSAGE",
    );
    const issuedAt = at(-minute);
    expect(await outcome({ issuedAt, notBefore: at(minute), expirationTime: at(2 * minute) })).toBe("accepted");
    expect(await outcome({ issuedAt, notBefore: at(minute + 1), expirationTime: at(2 * minute) })).toBe(
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
    expect(await nonceStillUnspent()).toBe(true);
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
    expect(await nonceStillUnspent()).toBe(true);
  });

  it("looks at the nonce before the signature: a forged or expired one never reaches the chain", async () => {
    const chain = chainAnswering(true);
    const forged = message({ nonce: `${nonce.slice(0, -1)}${nonce.endsWith("0") ? "1" : "0"}` });
    expect(await failure(verify(forged, await mallory.signMessage({ message: forged }), chain.verifyOnChain))).toBe(
      "BAD_NONCE",
    );
    const stale = createNonces({
      secret: "a-test-secret-that-is-long-enough-0123456789",
      store: new MemoryKeyValueStore(),
      now: () => Date.now() - 10 * 60_000,
    }).issue();
    const expired = message({ nonce: stale });
    expect(await failure(verify(expired, await mallory.signMessage({ message: expired }), chain.verifyOnChain))).toBe(
      "BAD_NONCE",
    );
    expect(chain.asked.count).toBe(0);
  });

  it("asks the chain for a signature that fails the plain check, and spends the nonce only when it says yes", async () => {
    const text = message();
    const signature = await mallory.signMessage({ message: text });
    const refusing = chainAnswering(false);
    expect(await failure(verify(text, signature, refusing.verifyOnChain))).toBe("BAD_SIGNATURE");
    expect(refusing.asked.count).toBe(1);
    const accepting = chainAnswering(true);
    await expect(verify(text, signature, accepting.verifyOnChain)).resolves.toBe(alice.address.toLowerCase());
    expect(await nonceStillUnspent()).toBe(false);
  });

  it("refuses text that is not a sign-in message", async () => {
    expect(await failure(verify("hello"))).toBe("MALFORMED_MESSAGE");
  });
});
