import { createSiweMessage, parseSiweMessage } from "viem/siwe";

/**
 * This site's EIP-4361 sign-in message, shared by the browser (which writes it), the server's checks and the demo
 * wallet (which signs only this message). Nothing secret here, so client code may import it.
 */

/** The chain a sign-in message names: Ethereum mainnet. A message for another chain is refused. */
export const SIGN_IN_CHAIN_ID = 1;
export const SIGN_IN_STATEMENT =
  "Sign in to the DIMO Developer Dashboard. This request costs nothing and sends no transaction.";
/** Lifetime of a sign-in message: long enough to read the wallet prompt, short enough to be useless later. */
export const MESSAGE_LIFETIME_MS = 5 * 60_000;

export function buildSignInMessage(input: {
  origin: string;
  address: `0x${string}`;
  nonce: string;
  issuedAt: Date;
}): string {
  const site = new URL(input.origin);
  return createSiweMessage({
    domain: site.host,
    uri: site.origin,
    address: input.address,
    chainId: SIGN_IN_CHAIN_ID,
    nonce: input.nonce,
    version: "1",
    issuedAt: input.issuedAt,
    expirationTime: new Date(input.issuedAt.getTime() + MESSAGE_LIFETIME_MS),
    statement: SIGN_IN_STATEMENT,
  });
}

/**
 * True when `message` is exactly this site's sign-in message for `address`: rebuilt from its own fields it comes out
 * identical, so nothing was added, removed or reworded (no extra resources, request id or trailing text).
 */
export function isThisSitesSignInMessage(message: string, origin: string, address: string): boolean {
  const fields = parseSiweMessage(message);
  if (!fields.address || fields.address.toLowerCase() !== address.toLowerCase()) return false;
  if (!fields.nonce || !fields.issuedAt || !fields.expirationTime) return false;
  if (fields.expirationTime.getTime() - fields.issuedAt.getTime() !== MESSAGE_LIFETIME_MS) return false;
  try {
    return (
      buildSignInMessage({ origin, address: fields.address, nonce: fields.nonce, issuedAt: fields.issuedAt }) ===
      message
    );
  } catch {
    return false;
  }
}
