import { randomInt } from "node:crypto";
import { getAddress } from "viem";
import { isoSeconds } from "../../seed/times";

/** How long a challenge state can be submitted (sandbox clock). */
export const CHALLENGE_LIFETIME_MS = 10 * 60 * 1000;

function randomString(alphabet: string, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet.charAt(randomInt(alphabet.length));
  return out;
}

/** 25 characters of lowercase base32, like the real service's states. */
export const newState = () => randomString("abcdefghijklmnopqrstuvwxyz234567", 25);

/** 30 alphanumeric characters. */
export const newNonce = () => randomString("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", 30);

/** The EIP-4361 message the client signs, line for line as API-CONTRACT.md section 2 gives it. */
export function challengeMessage(input: {
  authBaseUrl: string;
  clientId: string;
  domain: string;
  nonce: string;
  issuedAtMs: number;
}): string {
  return [
    `${new URL(input.authBaseUrl).host} wants you to sign in with your Ethereum account:`,
    getAddress(input.clientId),
    "",
    `${new URL(input.domain).hostname} is asking you sign in.`,
    "",
    `URI: ${input.authBaseUrl}`,
    "Version: 1",
    "Chain ID: 1",
    `Nonce: ${input.nonce}`,
    `Issued At: ${isoSeconds(input.issuedAtMs)}`,
  ].join("\n");
}
