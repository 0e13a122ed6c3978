import { describe, expect, it } from "vitest";
import { stampedHeaders } from "@/lib/security/client-address";
import { MemoryCounterStore } from "@/lib/store/memory";
import { SIGN_IN_LIMITS, refuseWhenOverLimit } from "./rate-limit";

/** A request as it reaches a route: stamped with the client's address, whatever X-Forwarded-For the client wrote. */
const from = (address: string, forwardedFor = "203.0.113.1") =>
  new Request("http://localhost:3000/api/sign-in/nonce", {
    headers: { "x-forwarded-for": forwardedFor, ...stampedHeaders(address) },
  });

describe("refuseWhenOverLimit", () => {
  it("answers 429 with Retry-After once a client has used its nonce bucket, and only that client", async () => {
    const counters = new MemoryCounterStore();
    const { limit } = SIGN_IN_LIMITS.nonce;
    for (let i = 0; i < limit; i++)
      expect(await refuseWhenOverLimit(from("198.51.100.7"), "nonce", counters)).toBeNull();
    const refused = await refuseWhenOverLimit(from("198.51.100.7"), "nonce", counters);
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refuseWhenOverLimit(from("198.51.100.8"), "nonce", counters)).toBeNull();
    // The sign-in bucket is separate: a nonce flood does not block the same client's sign-in.
    expect(await refuseWhenOverLimit(from("198.51.100.7"), "sign-in", counters)).toBeNull();
  });

  it("counts a client that writes a new X-Forwarded-For on every request as one client", async () => {
    const counters = new MemoryCounterStore();
    const { limit } = SIGN_IN_LIMITS.nonce;
    const answers = [];
    for (let i = 0; i < limit + 5; i++)
      answers.push(await refuseWhenOverLimit(from("198.51.100.7", `10.0.${i >> 8}.${i & 255}`), "nonce", counters));
    expect(answers.filter((answer) => answer === null)).toHaveLength(limit);
    expect(answers.at(-1)?.status).toBe(429);
  });

  it("does not let a client spend another address's bucket by naming it", async () => {
    const counters = new MemoryCounterStore();
    for (let i = 0; i < SIGN_IN_LIMITS.nonce.limit + 5; i++)
      await refuseWhenOverLimit(from("198.51.100.66", "198.51.100.7"), "nonce", counters);
    expect(await refuseWhenOverLimit(from("198.51.100.7"), "nonce", counters)).toBeNull();
  });
});
