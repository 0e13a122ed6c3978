import { describe, expect, it } from "vitest";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { challengeMessage } from "@/sandbox/services/auth/challenge";
import { checkChallenge } from "./challenge-check";

const AUTH_URL = "https://auth.dimo.zone";
const NOW = Date.parse("2026-03-01T12:00:00Z");
const expected = { clientId: DEMO_LICENSE.clientId, domain: DEMO_LICENSE.redirectUri, authUrl: AUTH_URL, now: NOW };

function challenge(overrides: Partial<Parameters<typeof challengeMessage>[0]> = {}) {
  return challengeMessage({
    authBaseUrl: AUTH_URL,
    clientId: DEMO_LICENSE.clientId,
    domain: DEMO_LICENSE.redirectUri,
    nonce: "A".repeat(30),
    issuedAtMs: NOW - 2_000,
    ...overrides,
  });
}

const problem = (text: string, options = expected) => {
  try {
    checkChallenge(text, options);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
};

describe("checkChallenge", () => {
  it("accepts DIMO's sign-in message for this license, fresh", () => {
    expect(problem(challenge())).toBeNull();
    expect(problem(challenge({ issuedAtMs: NOW - 9 * 60_000 }))).toBeNull();
  });

  it("refuses a challenge from another host than the configured one, naming both", () => {
    const foreign = challenge({ authBaseUrl: "https://evil.example" });
    expect(problem(foreign)).toMatch(/host evil\.example, not the configured auth host auth\.dimo\.zone/);
    // The real host's challenge relayed by a hostile auth URL.
    expect(problem(challenge(), { ...expected, authUrl: "https://evil.example" })).toMatch(
      /not the configured auth host evil\.example/,
    );
  });

  it("refuses a challenge for another address", () => {
    expect(problem(challenge({ clientId: "0x1111111111111111111111111111111111111111" }))).toMatch(
      /license's own address/,
    );
  });

  it("refuses a challenge whose URI or statement is not this license's", () => {
    expect(problem(challenge().replace(`URI: ${AUTH_URL}`, "URI: https://evil.example"))).toMatch(
      /URI is not the configured/,
    );
    expect(problem(challenge({ domain: "https://evil.example/cb" }))).toMatch(/statement/);
  });

  it("refuses an old or future-dated challenge", () => {
    expect(problem(challenge({ issuedAtMs: NOW - 60 * 60_000 }))).toMatch(/not recent/);
    expect(problem(challenge({ issuedAtMs: NOW + 60 * 60_000 }))).toMatch(/not recent/);
  });

  it("takes a challenge up to 15 minutes old or 5 minutes ahead, and refuses one a second past either", () => {
    const minute = 60_000;
    expect(problem(challenge({ issuedAtMs: NOW - 15 * minute }))).toBeNull();
    expect(problem(challenge({ issuedAtMs: NOW - 15 * minute - 1_000 }))).toMatch(/not recent/);
    expect(problem(challenge({ issuedAtMs: NOW + 5 * minute }))).toBeNull();
    expect(problem(challenge({ issuedAtMs: NOW + 5 * minute + 1_000 }))).toMatch(/not recent/);
  });

  it("refuses anything added or changed, and text that is not a sign-in message", () => {
    expect(problem(`${challenge()}\nResources:\n- https://evil.example`)).toMatch(/lines/);
    expect(problem(challenge().replace("Version: 1", "Version: 2"))).toMatch(/version/);
    expect(problem("Transfer 100 ETH to 0x1111111111111111111111111111111111111111")).toMatch(/lines/);
    expect(problem(challenge().replace(/Issued At: .*/, "Issued At: yesterday"))).toMatch(/issue time/);
  });
});
