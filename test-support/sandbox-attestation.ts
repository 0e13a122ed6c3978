import Database from "better-sqlite3";
import { join } from "node:path";
import { recoverMessageAddress } from "viem";
import { DATABASE_FILE } from "@/sandbox/server";
import { AttestationStore, type CredentialKind, type StoredCredential } from "@/sandbox/store/attestation-store";
import { type DriveRecord, DriveStore } from "@/sandbox/store/drive-store";
import { type AttestationEvent } from "@/sandbox/services/attestation/credentials";

/** Reads a test sandbox's own database, read-only, to see what the attestation service stored. */
export function withSandboxDatabase<T>(dataDir: string, read: (db: Database.Database) => T): T {
  const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

export function storedCredentials(
  dataDir: string,
  tokenId: number,
  filter: { kind?: CredentialKind; since?: number } = {},
): StoredCredential[] {
  return withSandboxDatabase(dataDir, (db) => new AttestationStore(db).listCredentials(tokenId, filter));
}

export function attesterAddress(dataDir: string): string {
  return withSandboxDatabase(dataDir, (db) => new AttestationStore(db).attester.address);
}

/** The vehicle's latest trip begun by `nowMs`, to ask for a time when it was driving. */
export function latestDrive(dataDir: string, tokenId: number, nowMs: number): DriveRecord {
  const drive = withSandboxDatabase(dataDir, (db) => new DriveStore(db).lastStartedBy(tokenId, nowMs * 1000));
  if (!drive) throw new Error(`vehicle ${tokenId} has no trips`);
  return drive;
}

/** Who signed a credential: the signer recovered from the ERC-191 signature of its `data`, as compact JSON. */
export function credentialSigner(event: AttestationEvent): Promise<string> {
  return recoverMessageAddress({ message: JSON.stringify(event.data), signature: event.signature });
}
