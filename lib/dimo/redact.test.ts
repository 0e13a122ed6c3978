import { describe, expect, it } from "vitest";
import { redact } from "./redact";

describe("redact", () => {
  it("removes JWTs, bearer headers, keys, signatures and query strings", () => {
    const jwt = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln";
    const key = "ea".repeat(32);
    const signature = `0x${"1f".repeat(65)}`;
    const text = `token ${jwt} Bearer abc.def key 0x${key} sig ${signature} url https://a.test/p?client_id=1&sig=2 end`;
    const clean = redact(text);
    for (const secret of [jwt, key, signature, "abc.def", "client_id=1"]) expect(clean).not.toContain(secret);
    expect(clean).toContain("https://a.test/p?[redacted]");
    expect(clean).toMatch(/end$/);
  });

  it("keeps addresses and DIDs readable", () => {
    const text = "Address 0x52D52df587cB2E014Ae81495D88c71c819779923 lacks permissions [4] for asset did:erc721:137:0xbA5738a18d83D41847dfFbDC6101d37C69c9B0cF:7.";
    expect(redact(text)).toBe(text);
  });

  it("removes known secrets however they appear, and shortens long text", () => {
    expect(redact("the key is s3cr3t-value!", ["s3cr3t-value"])).toBe("the key is [redacted]!");
    expect(redact("x".repeat(1_000)).length).toBeLessThanOrEqual(301);
  });
});
