import type Database from "better-sqlite3";
import { type PrivateKeyAccount } from "viem/accounts";
import { loadAttesterKey } from "../keys/attester-key";

/** The kinds of credential DIMO's attestation service issues, named by the tag it gives each. */
export type CredentialKind = "vin" | "odometer" | "health" | "position";

/** A signed credential as the attester issued it: a CloudEvent whose `data` is the signed credential JSON. */
export interface StoredCredential {
  id: string;
  tokenId: number;
  kind: CredentialKind;
  /** Epoch milliseconds: the event's `time`. */
  issuedAt: number;
  /** The CloudEvent, serialized once when it was signed. */
  event: string;
}

interface CredentialRow {
  id: string;
  token_id: number;
  kind: CredentialKind;
  issued_at: number;
  event: string;
}

const fromRow = (row: CredentialRow): StoredCredential => ({
  id: row.id,
  tokenId: row.token_id,
  kind: row.kind,
  issuedAt: row.issued_at,
  event: row.event,
});

/**
 * The credentials the attestation service has issued, and the key it signs them with; the Telemetry API's
 * `attestations` reads them back.
 */
export class AttestationStore {
  readonly attester: PrivateKeyAccount;
  private readonly insertStatement: Database.Statement<[string, number, string, number, string]>;
  private readonly listStatement: Database.Statement<
    [{ tokenId: number; kind: string | null; since: number }],
    CredentialRow
  >;

  constructor(private readonly db: Database.Database) {
    this.attester = loadAttesterKey(db);
    this.insertStatement = db.prepare(
      "INSERT INTO attestations (id, token_id, kind, issued_at, event) VALUES (?, ?, ?, ?, ?)",
    );
    this.listStatement = db.prepare(
      `SELECT id, token_id, kind, issued_at, event FROM attestations
       WHERE token_id = @tokenId AND (@kind IS NULL OR kind = @kind) AND issued_at >= @since
       ORDER BY issued_at DESC, id DESC`,
    );
  }

  add(credential: StoredCredential): void {
    this.insertStatement.run(credential.id, credential.tokenId, credential.kind, credential.issuedAt, credential.event);
  }

  /**
   * A vehicle's credentials, newest first: of one kind when `kind` is given, and issued at or after `since` (epoch
   * milliseconds) when it is given.
   */
  listCredentials(tokenId: number, filter: { kind?: CredentialKind; since?: number } = {}): StoredCredential[] {
    return this.listStatement
      .all({ tokenId, kind: filter.kind ?? null, since: filter.since ?? Number.MIN_SAFE_INTEGER })
      .map(fromRow);
  }

  clear(): void {
    this.db.prepare("DELETE FROM attestations").run();
  }
}
