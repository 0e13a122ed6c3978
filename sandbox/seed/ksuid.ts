/**
 * KSUID-shaped ids (the trips service's id format): 4 bytes of seconds since the KSUID epoch followed by a 16-byte
 * payload, written as 27 base62 characters. The payload comes from the seed's generator, so ids are deterministic.
 */
const KSUID_EPOCH_SECONDS = 1_400_000_000;
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const ENCODED_LENGTH = 27;

export function ksuid(timestampMs: number, payload: Uint8Array): string {
  if (payload.length !== 16) throw new Error("a KSUID payload is 16 bytes");
  const seconds = Math.max(0, Math.floor(timestampMs / 1000) - KSUID_EPOCH_SECONDS);
  let value = BigInt(seconds >>> 0);
  for (const byte of payload) value = (value << 8n) | BigInt(byte);
  let out = "";
  while (value > 0n) {
    out = ALPHABET.charAt(Number(value % 62n)) + out;
    value /= 62n;
  }
  return out.padStart(ENCODED_LENGTH, "0");
}

export const KSUID_PATTERN = /^[0-9A-Za-z]{27}$/;
