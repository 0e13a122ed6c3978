import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type JsonWebKey,
  type KeyObject,
} from "node:crypto";
import type Database from "better-sqlite3";

/**
 * RSA signing keys, one per issuing service, generated once when the database is seeded and kept in it, so tokens
 * issued before a restart still verify after it.
 */
export type KeyService = "auth" | "token-exchange";

export interface SigningKey {
  service: KeyService;
  /** 40 hex characters: the SHA-1 of the modulus. */
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The entry published in the service's JWKS. */
  publicJwk: PublishedJwk;
}

export interface PublishedJwk {
  kty: "RSA";
  n: string;
  e: string;
  kid: string;
  alg: "RS256";
  use: "sig";
}

export function generateSigningKey(db: Database.Database, service: KeyService): void {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const publicJwk = publicKey.export({ format: "jwk" });
  if (typeof publicJwk.n !== "string" || typeof publicJwk.e !== "string") throw new Error("RSA key without n or e");
  const kid = createHash("sha1").update(publicJwk.n).digest("hex");
  db.prepare("INSERT OR REPLACE INTO signing_keys (service, kid, private_jwk, public_jwk) VALUES (?, ?, ?, ?)").run(
    service,
    kid,
    JSON.stringify(privateKey.export({ format: "jwk" })),
    JSON.stringify(publicJwk),
  );
}

interface KeyRow {
  kid: string;
  private_jwk: string;
  public_jwk: string;
}

export function loadSigningKey(db: Database.Database, service: KeyService): SigningKey {
  const row = db.prepare("SELECT kid, private_jwk, public_jwk FROM signing_keys WHERE service = ?").get(service) as
    KeyRow | undefined;
  if (!row) throw new Error(`The sandbox database has no ${service} signing key; start it with --reset.`);
  const privateKey = createPrivateKey({ key: JSON.parse(row.private_jwk) as JsonWebKey, format: "jwk" });
  const publicKey = createPublicKey({ key: JSON.parse(row.public_jwk) as JsonWebKey, format: "jwk" });
  const jwk = publicKey.export({ format: "jwk" });
  if (typeof jwk.n !== "string" || typeof jwk.e !== "string") throw new Error("stored RSA key without n or e");
  return {
    service,
    kid: row.kid,
    privateKey,
    publicKey,
    publicJwk: { kty: "RSA", n: jwk.n, e: jwk.e, kid: row.kid, alg: "RS256", use: "sig" },
  };
}

export function jwksOf(key: SigningKey): { keys: PublishedJwk[] } {
  return { keys: [key.publicJwk] };
}
