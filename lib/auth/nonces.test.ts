import { describe, expect, it } from "vitest";
import { MemoryKeyValueStore } from "@/lib/store/memory";
import { NONCE_TTL_MS, createNonces, spendOnce } from "./nonces";

const SECRET = "a-test-secret-that-is-long-enough-0123456789";

function setUp(secret = SECRET) {
  let now = 1_700_000_000_000;
  const store = new MemoryKeyValueStore(() => now);
  const nonces = createNonces({ secret, store, now: () => now });
  return { nonces, store, advance: (ms: number) => (now += ms) };
}

describe("sign-in nonces", () => {
  it("are EIP-4361 nonces (letters and digits) and unique", () => {
    const { nonces } = setUp();
    const issued = new Set(Array.from({ length: 200 }, () => nonces.issue()));
    expect(issued.size).toBe(200);
    for (const nonce of issued) expect(nonce).toMatch(/^[0-9a-zA-Z]{8,}$/);
  });

  it("cost no storage to issue", () => {
    const { nonces, store } = setUp();
    for (let i = 0; i < 12_000; i++) nonces.issue();
    expect(store.size).toBe(0);
  });

  it("are usable once; only the used one is remembered", async () => {
    const { nonces, store } = setUp();
    const nonce = nonces.issue();
    expect(await nonces.consume(nonce)).toBe(true);
    expect(await nonces.consume(nonce)).toBe(false);
    expect(store.size).toBe(1);
  });

  it("still work after a flood of other nonces", async () => {
    const { nonces } = setUp();
    const early = nonces.issue();
    for (let i = 0; i < 12_000; i++) nonces.issue();
    expect(await nonces.consume(early)).toBe(true);
  });

  it("expire", async () => {
    const { nonces, advance } = setUp();
    const nonce = nonces.issue();
    advance(NONCE_TTL_MS + 1_000);
    expect(await nonces.consume(nonce)).toBe(false);
  });

  it("are refused when forged, altered or made with another secret", async () => {
    const { nonces } = setUp();
    const nonce = nonces.issue();
    const laterExpiry = nonce.slice(0, 16) + "zzzzzzzz" + nonce.slice(24);
    const flipped = nonce.slice(0, -1) + (nonce.endsWith("0") ? "1" : "0");
    expect(await nonces.consume(laterExpiry)).toBe(false);
    expect(await nonces.consume(flipped)).toBe(false);
    expect(await nonces.consume("not-a-nonce")).toBe(false);
    expect(await setUp("another-secret-that-is-long-enough-0123456").nonces.consume(nonce)).toBe(false);
  });

  it("made for one purpose cannot be spent as another, and live as long as that purpose says", async () => {
    let now = 1_700_000_000_000;
    const store = new MemoryKeyValueStore(() => now);
    const signIn = createNonces({ secret: SECRET, store, now: () => now });
    const states = createNonces({
      secret: SECRET,
      store,
      now: () => now,
      ttlMs: 15 * 60_000,
      purpose: "dimo-login-state",
    });
    const state = states.issue();
    expect(await signIn.consume(state)).toBe(false);
    expect(await states.consume(signIn.issue())).toBe(false);
    now += NONCE_TTL_MS + 60_000;
    expect(await states.consume(state)).toBe(true);
    expect(await states.consume(state)).toBe(false);
  });
});

describe("spendOnce", () => {
  it("is true for the first caller only, and forgets the key once its time is up", async () => {
    let now = 1_700_000_000_000;
    const store = new MemoryKeyValueStore(() => now);
    expect(await spendOnce(store, "used-thing:a", now + 1_000, now)).toBe(true);
    expect(await spendOnce(store, "used-thing:a", now + 1_000, now)).toBe(false);
    now += 1_001;
    expect(await spendOnce(store, "used-thing:a", now + 1_000, now)).toBe(true);
    // Nothing is stored for what can no longer be presented.
    expect(await spendOnce(store, "used-thing:b", now, now)).toBe(false);
    expect(await store.get("used-thing:b")).toBeNull();
  });
});
