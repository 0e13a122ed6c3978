import type Database from "better-sqlite3";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";

/**
 * The attestation service's signing key: an Ethereum (secp256k1) key, because DIMO's attester signs credentials with
 * an ERC-191 personal-message signature, not a JWT. Generated the first time a database is opened and kept in it, so
 * credentials issued before a restart still verify after it; `--reset` makes a new one. A read-only connection (a
 * test reading the store) finds the key already there.
 */
export function loadAttesterKey(db: Database.Database): PrivateKeyAccount {
  const read = () =>
    db.prepare("SELECT private_key FROM attester_key WHERE id = 1").pluck().get() as `0x${string}` | undefined;
  let privateKey = read();
  if (!privateKey) {
    db.prepare("INSERT OR IGNORE INTO attester_key (id, private_key) VALUES (1, ?)").run(generatePrivateKey());
    privateKey = read();
  }
  if (!privateKey) throw new Error("the sandbox database has no attester key");
  return privateKeyToAccount(privateKey);
}
