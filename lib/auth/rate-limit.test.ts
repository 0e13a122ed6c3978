import { describe, expect, it } from "vitest";
import { MemoryCounterStore } from "@/lib/store/memory";
import { SIGN_IN_LIMITS, clientAddress, refuseWhenOverLimit } from "./rate-limit";

const from = (address: string) =>
  new Request("http://localhost:3000/api/sign-in/nonce", { headers: { "x-forwarded-for": address } });

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
});

describe("clientAddress", () => {
  it("takes the first forwarded address, without the IPv4-mapped prefix", () => {
    expect(clientAddress(from("::ffff:127.0.0.2, 10.0.0.1"))).toBe("127.0.0.2");
    expect(clientAddress(new Request("http://localhost/"))).toBe("unknown");
  });
});
