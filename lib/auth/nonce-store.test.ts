import { describe, expect, it } from "vitest";
import { NONCE_TTL_MS, consumeNonce, issueNonce } from "./nonce-store";

describe("sign-in nonces", () => {
  it("are usable once", () => {
    const nonce = issueNonce();
    expect(nonce).toMatch(/^[0-9a-zA-Z]{8,}$/);
    expect(consumeNonce(nonce)).toBe(true);
    expect(consumeNonce(nonce)).toBe(false);
  });

  it("expire", () => {
    const now = Date.now();
    const nonce = issueNonce(now);
    expect(consumeNonce(nonce, now + NONCE_TTL_MS + 1)).toBe(false);
  });

  it("are unique", () => {
    const nonces = new Set(Array.from({ length: 200 }, () => issueNonce()));
    expect(nonces.size).toBe(200);
  });

  it("are refused when never issued", () => {
    expect(consumeNonce("not-a-nonce")).toBe(false);
  });
});
