import "server-only";
import { isAddress, verifyMessage, type Hex } from "viem";
import { parseSiweMessage } from "viem/siwe";
import { SIGN_IN_CHAIN_ID } from "@/lib/sign-in-message";
import { type ChainSignatureVerifier, ChainUnavailableError } from "./chain-signatures";
import type { Nonces } from "./nonces";

/** Why a sign-in message was refused; the codes reach the login page, which words them. */
export type SignInFailure =
  | "MALFORMED_MESSAGE"
  | "WRONG_DOMAIN"
  | "WRONG_CHAIN"
  | "EXPIRED_MESSAGE"
  | "BAD_NONCE"
  | "BAD_SIGNATURE"
  | "SMART_ACCOUNT_UNSUPPORTED"
  | "SMART_ACCOUNT_UNAVAILABLE";

export class SignInError extends Error {
  constructor(
    readonly code: SignInFailure,
    detail: string,
  ) {
    super(detail);
    this.name = "SignInError";
  }
}

/** How long a signed message may be used after it was issued, and the longest expiry a message may ask for. */
const MAX_MESSAGE_AGE_MS = 10 * 60_000;
const CLOCK_SKEW_MS = 60_000;

export interface VerifySignInInput {
  message: string;
  signature: string;
  /** The dashboard's public origin, e.g. http://localhost:3000: the message's domain and URI must match it. */
  expectedOrigin: string;
  /**
   * The sign-in nonces (sign-in-nonces.ts): `check` reads a nonce's MAC and expiry without any storage; `consume`
   * takes it out of circulation, false when it was never issued, has expired or was used.
   */
  nonces: Pick<Nonces, "check" | "consume">;
  /**
   * Checks a contract account's signature on chain (ERC-1271 / ERC-6492) when the plain check fails; present only
   * when DIMO_RPC_URL is configured (chain-signatures.ts).
   */
  verifyOnChain?: ChainSignatureVerifier | undefined;
  now?: Date;
}

/** An ordinary wallet's signature is 65 bytes; a smart account's may be longer (ERC-6492 wraps a factory call). */
const EOA_SIGNATURE = /^0x[0-9a-fA-F]{130}$/;
const ANY_SIGNATURE = /^0x(?:[0-9a-fA-F]{2}){65,8192}$/;

/**
 * Verifies an EIP-4361 sign-in message and its signature; returns the signer's address (lowercase).
 * The signature is checked with plain ECDSA recovery (EIP-191), which covers ordinary wallets without any RPC; when
 * that fails and an RPC endpoint is configured, the address may be a smart account, asked through ERC-1271/6492.
 * The nonce is looked at twice: its MAC and expiry before the signature, so that a made-up or stale nonce costs no
 * signature work and no RPC call (the caller of an ERC-6492 signature picks the factory call the chain would run);
 * and it is consumed last, only for an otherwise valid message, so one bad attempt cannot burn someone's nonce.
 */
export async function verifySignIn(input: VerifySignInInput): Promise<`0x${string}`> {
  const now = input.now ?? new Date();
  const expected = new URL(input.expectedOrigin);
  const fields = parseSiweMessage(input.message);

  if (!fields.address || !isAddress(fields.address) || !fields.nonce || !fields.uri || !fields.domain) {
    throw new SignInError("MALFORMED_MESSAGE", "The sign-in message is not a valid EIP-4361 message.");
  }
  if (fields.version !== "1" || !fields.issuedAt || !fields.expirationTime) {
    throw new SignInError("MALFORMED_MESSAGE", "The sign-in message needs version 1, an issued-at time and an expiry.");
  }
  if (fields.domain !== expected.host || originOf(fields.uri) !== expected.origin) {
    throw new SignInError("WRONG_DOMAIN", `The sign-in message is for ${fields.domain}, not ${expected.host}.`);
  }
  if (fields.chainId !== SIGN_IN_CHAIN_ID) {
    throw new SignInError(
      "WRONG_CHAIN",
      `The sign-in message names chain ${String(fields.chainId)}, not ${SIGN_IN_CHAIN_ID}.`,
    );
  }

  const issuedAt = fields.issuedAt.getTime();
  const expiresAt = fields.expirationTime.getTime();
  const nowMs = now.getTime();
  const notBefore = fields.notBefore?.getTime() ?? issuedAt;
  if (
    Number.isNaN(issuedAt) ||
    Number.isNaN(expiresAt) ||
    issuedAt > nowMs + CLOCK_SKEW_MS ||
    notBefore > nowMs + CLOCK_SKEW_MS ||
    nowMs - issuedAt > MAX_MESSAGE_AGE_MS ||
    expiresAt <= nowMs ||
    expiresAt - issuedAt > MAX_MESSAGE_AGE_MS
  ) {
    throw new SignInError("EXPIRED_MESSAGE", "The sign-in message has expired or is not valid yet. Sign in again.");
  }

  const badNonce = () =>
    new SignInError("BAD_NONCE", "The sign-in message was already used or its nonce has expired. Sign in again.");
  if (input.nonces.check(fields.nonce) === null) throw badNonce();

  await verifySignature(fields.address, input);

  if (!(await input.nonces.consume(fields.nonce))) throw badNonce();
  return fields.address.toLowerCase() as `0x${string}`;
}

async function verifySignature(address: `0x${string}`, input: VerifySignInInput): Promise<void> {
  if (!ANY_SIGNATURE.test(input.signature)) throw new SignInError("BAD_SIGNATURE", "The signature is malformed.");
  const signature = input.signature as Hex;
  const plain =
    EOA_SIGNATURE.test(signature) &&
    (await verifyMessage({ address, message: input.message, signature }).catch(() => false));
  if (plain) return;
  if (!input.verifyOnChain) {
    if (!EOA_SIGNATURE.test(signature)) {
      throw new SignInError(
        "SMART_ACCOUNT_UNSUPPORTED",
        "A smart account's signature needs DIMO_RPC_URL to be checked.",
      );
    }
    throw new SignInError("BAD_SIGNATURE", "The signature does not match the message's address.");
  }
  let valid: boolean;
  try {
    valid = await input.verifyOnChain({ address, message: input.message, signature });
  } catch (error) {
    if (error instanceof ChainUnavailableError) throw new SignInError("SMART_ACCOUNT_UNAVAILABLE", error.message);
    throw error;
  }
  if (!valid) throw new SignInError("BAD_SIGNATURE", "The signature does not match the message's address.");
}

function originOf(uri: string): string | undefined {
  try {
    return new URL(uri).origin;
  } catch {
    return undefined;
  }
}
