import type Database from "better-sqlite3";
import { getAddress } from "viem";

export interface LicenseRecord {
  tokenId: number;
  /** Checksummed. */
  clientId: `0x${string}`;
  owner: `0x${string}`;
  alias: string | null;
  mintedAt: number;
  redirectUris: { uri: string; enabledAt: number }[];
  signers: { address: `0x${string}`; enabledAt: number }[];
}

interface LicenseRow {
  client_id: string;
  token_id: number;
  owner: string;
  alias: string | null;
  minted_at: number;
}

/** Developer Licenses: read-only once seeded, but for redirect URIs registered at start (registerRedirectUri). */
export class LicenseStore {
  private readonly byClientId: Database.Statement<[string], LicenseRow>;
  private readonly byTokenId: Database.Statement<[number], LicenseRow>;
  private readonly byAlias: Database.Statement<[string], LicenseRow>;
  private readonly uris: Database.Statement<[string], { uri: string; enabled_at: number }>;
  private readonly signers: Database.Statement<[string], { address: string; enabled_at: number }>;
  private readonly addUri: Database.Statement<[string, string, number]>;

  constructor(db: Database.Database) {
    this.byClientId = db.prepare("SELECT * FROM licenses WHERE client_id = ?");
    this.byTokenId = db.prepare("SELECT * FROM licenses WHERE token_id = ?");
    this.byAlias = db.prepare("SELECT * FROM licenses WHERE alias = ?");
    this.uris = db.prepare(
      "SELECT uri, enabled_at FROM license_redirect_uris WHERE client_id = ? ORDER BY enabled_at, uri",
    );
    this.addUri = db.prepare(
      "INSERT OR IGNORE INTO license_redirect_uris (client_id, uri, enabled_at) VALUES (?, ?, ?)",
    );
    this.signers = db.prepare(
      "SELECT address, enabled_at FROM license_signers WHERE client_id = ? ORDER BY enabled_at, address",
    );
  }

  /** Registers a redirect URI for a license, as its owner would in DIMO's console; nothing happens if it is there. */
  registerRedirectUri(clientId: string, uri: string, enabledAtMs: number): void {
    this.addUri.run(clientId.toLowerCase(), uri, enabledAtMs);
  }

  /** Case-insensitive; undefined for anything that is not a registered license's client id. */
  findByClientId(clientId: string): LicenseRecord | undefined {
    const row = this.byClientId.get(clientId.toLowerCase());
    return row ? this.toRecord(row) : undefined;
  }

  findByTokenId(tokenId: number): LicenseRecord | undefined {
    const row = this.byTokenId.get(tokenId);
    return row ? this.toRecord(row) : undefined;
  }

  findByAlias(alias: string): LicenseRecord | undefined {
    const row = this.byAlias.get(alias);
    return row ? this.toRecord(row) : undefined;
  }

  private toRecord(row: LicenseRow): LicenseRecord {
    return {
      tokenId: row.token_id,
      clientId: getAddress(row.client_id),
      owner: getAddress(row.owner),
      alias: row.alias,
      mintedAt: row.minted_at,
      redirectUris: this.uris.all(row.client_id).map((r) => ({ uri: r.uri, enabledAt: r.enabled_at })),
      signers: this.signers
        .all(row.client_id)
        .map((r) => ({ address: getAddress(r.address), enabledAt: r.enabled_at })),
    };
  }
}
