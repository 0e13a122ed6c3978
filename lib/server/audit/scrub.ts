import "server-only";
/**
 * The record holds no secret. Callers describe changes in words and ids, never with a key or a token; this is the
 * net under them: whatever in a detail or a target looks like a secret is replaced before it is stored.
 */

export const REDACTED = "[redacted]";

const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]*/g;
/** A private key, or a transaction hash: the same shape; a hash belongs in a change's target. */
const HEX_32_BYTES = /(0x)?[0-9a-fA-F]{64}/g;
/** Runs long enough to be a random secret: base64url or hex, like the inbox's secret and token or an invitation's. */
const LONG_RUN = /[A-Za-z0-9_-]{24,}/g;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Random text: all hex, or upper case, lower case and digits mixed (an alias or a word has not all three). */
const looksRandom = (run: string) =>
  /^(0x)?[0-9a-fA-F]+$/.test(run) || (/[A-Z]/.test(run) && /[a-z]/.test(run) && /[0-9]/.test(run));

const scrubRun = (run: string) => (ADDRESS.test(run) || UUID.test(run) || !looksRandom(run) ? run : REDACTED);

/** The text with anything that looks like a key or a token replaced by "[redacted]". */
export function withoutSecrets(text: string): string {
  return text.replace(JWT, REDACTED).replace(HEX_32_BYTES, REDACTED).replace(LONG_RUN, scrubRun);
}

const TRANSACTION_HASH = /^0x[0-9a-f]{64}$/;

/**
 * A target is an id. A license change's target is its transaction's hash, kept as it is; elsewhere that shape could
 * be a private key, and is scrubbed.
 */
export const targetWithoutSecrets = (target: string, isLicenseChange: boolean) =>
  isLicenseChange && TRANSACTION_HASH.test(target) ? target : withoutSecrets(target);
