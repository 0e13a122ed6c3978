import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * An API key at rest: AES-256-GCM under a key derived with HKDF-SHA256 from the server's secret, bound (as additional
 * data) to the license and the key's own signer address, so a sealed key copied onto another record or license does
 * not open. The sealed form is `v1.<iv>.<ciphertext>.<tag>`, base64url: nothing of the key in the clear.
 */

const VERSION = "v1";
const HKDF_SALT = "dimo-dashboard: api keys at rest";
const IV_BYTES = 12;

export interface SealContext {
  /** The license's client id. */
  clientId: string;
  /** The key's signer address. */
  signer: string;
}

function encryptionKey(secret: string, clientId: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, HKDF_SALT, `api-key:${clientId.toLowerCase()}`, 32));
}

const additionalData = ({ clientId, signer }: SealContext) =>
  Buffer.from(`${clientId.toLowerCase()}:${signer.toLowerCase()}`);

export function sealApiKey(apiKey: `0x${string}`, secret: string, context: SealContext): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(secret, context.clientId), iv);
  cipher.setAAD(additionalData(context));
  const plain = Buffer.from(apiKey.slice(2), "hex");
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  plain.fill(0);
  return [VERSION, iv, sealed, cipher.getAuthTag()]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The key, or null when the sealed form was not made with this secret for this license and signer (or is damaged). */
export function openApiKey(sealed: string, secret: string, context: SealContext): `0x${string}` | null {
  const [version, iv, data, tag, ...rest] = sealed.split(".");
  if (version !== VERSION || !iv || !data || !tag || rest.length > 0) return null;
  try {
    const decipher = createDecipheriv(
      "aes-256-gcm",
      encryptionKey(secret, context.clientId),
      Buffer.from(iv, "base64url"),
    );
    decipher.setAAD(additionalData(context));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    const plain = Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]);
    return plain.length === 32 ? `0x${plain.toString("hex")}` : null;
  } catch {
    return null;
  }
}
