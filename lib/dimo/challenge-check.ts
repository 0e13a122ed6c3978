import "server-only";
import { getAddress, isAddress } from "viem";
import { invalidResponse } from "./errors";

/**
 * The API key signs only a challenge that is what API-CONTRACT section 2 says DIMO's auth service sends: an EIP-4361
 * message from the configured auth host, for the license's own address and redirect domain, issued moments ago, with
 * nothing added. Anything else could be a wrong or hostile DIMO_AUTH_URL using the dashboard as a signing oracle for
 * the license key, so it is refused and nothing is signed.
 */

/** A state lives 10 minutes; a challenge older than that can only be a replay. Clocks may differ by a few minutes. */
const CHALLENGE_MAX_AGE_MS = 10 * 60_000;
const CLOCK_SKEW_MS = 5 * 60_000;

export interface ChallengeExpectations {
  clientId: string;
  /** The license's redirect URI (DIMO_DOMAIN): its host name is named in the challenge's statement. */
  domain: string;
  /** The configured auth base URL (DIMO_AUTH_URL). */
  authUrl: string;
  now: number;
}

const RFC3339_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;

function refuse(problem: string): never {
  throw invalidResponse("auth", `The auth service's challenge was not signed: ${problem}. Check DIMO_AUTH_URL.`);
}

/** Throws a DimoError naming what is wrong with the challenge; returns when the API key may sign it. */
export function checkChallenge(challenge: string, expected: ChallengeExpectations): void {
  const authUrl = new URL(expected.authUrl);
  const authBase = `${authUrl.origin}${authUrl.pathname.replace(/\/+$/, "")}`;
  const lines = challenge.split("\n");
  if (lines.length !== 10) refuse(`it has ${lines.length} lines, not the 10 of DIMO's sign-in message`);
  const [header = "", address = "", blank1, statement, blank2, uri, version, chainId = "", nonce = "", issuedAt = ""] =
    lines;

  const headerMatch = /^(.+) wants you to sign in with your Ethereum account:$/.exec(header);
  if (!headerMatch) refuse("its first line is not an EIP-4361 header");
  if (headerMatch[1] !== authUrl.host)
    refuse(`it is for host ${headerMatch[1]}, not the configured auth host ${authUrl.host}`);
  if (!isAddress(address) || getAddress(address) !== getAddress(expected.clientId)) {
    refuse("it is not for the license's own address");
  }
  if (blank1 !== "" || blank2 !== "") refuse("it is not laid out as DIMO's sign-in message");
  if (statement !== `${new URL(expected.domain).hostname} is asking you sign in.`)
    refuse("its statement does not name the license's domain");
  if (uri !== `URI: ${authBase}`) refuse(`its URI is not the configured auth address ${authBase}`);
  if (version !== "Version: 1" || !/^Chain ID: \d{1,20}$/.test(chainId) || !/^Nonce: [0-9A-Za-z]{8,64}$/.test(nonce)) {
    refuse("its version, chain id or nonce line is not DIMO's");
  }
  const issued = issuedAt.startsWith("Issued At: ") ? issuedAt.slice("Issued At: ".length) : "";
  const issuedMs = RFC3339_SECONDS.test(issued) ? Date.parse(issued) : Number.NaN;
  if (Number.isNaN(issuedMs)) refuse("it has no valid issue time");
  if (issuedMs > expected.now + CLOCK_SKEW_MS || issuedMs < expected.now - CHALLENGE_MAX_AGE_MS - CLOCK_SKEW_MS) {
    refuse(
      `it was issued at ${issued}, which is not recent by this server's clock (${new Date(expected.now).toISOString()})`,
    );
  }
}
