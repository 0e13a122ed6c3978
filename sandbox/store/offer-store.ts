import type Database from "better-sqlite3";

/** Offer sets and the instant-offer requests that produced them: the state the valuations service changes. */
export class OfferStore {
  private readonly activeStatement: Database.Statement<[number, number], string>;
  private readonly latestStatement: Database.Statement<[number], { updated_at: number; body: string }>;
  private readonly replaceTransaction: (
    tokenId: number,
    clientId: string,
    nowMs: number,
    updatedAt: number,
    expiresAt: number,
    body: string,
  ) => void;

  constructor(private readonly db: Database.Database) {
    this.activeStatement = db
      .prepare<[number, number], string>(
        "SELECT body FROM offer_sets WHERE token_id = ? AND expires_at > ? ORDER BY updated_at DESC, id DESC",
      )
      .pluck();
    this.latestStatement = db.prepare(
      "SELECT updated_at, body FROM offer_sets WHERE token_id = ? ORDER BY updated_at DESC, id DESC LIMIT 1",
    );
    const removeActive = db.prepare("DELETE FROM offer_sets WHERE token_id = ? AND expires_at > ?");
    const insertSet = db.prepare("INSERT INTO offer_sets (token_id, updated_at, expires_at, body) VALUES (?, ?, ?, ?)");
    const insertRequest = db.prepare(
      "INSERT INTO instant_offer_requests (token_id, client_id, requested_at) VALUES (?, ?, ?)",
    );
    this.replaceTransaction = db.transaction(
      (tokenId: number, clientId: string, nowMs: number, updatedAt: number, expiresAt: number, body: string) => {
        removeActive.run(tokenId, nowMs);
        insertSet.run(tokenId, updatedAt, expiresAt, body);
        insertRequest.run(tokenId, clientId.toLowerCase(), nowMs);
      },
    );
  }

  /** Offer sets that have not expired at `nowMs`, newest first, as stored JSON. */
  activeSets(tokenId: number, nowMs: number): string[] {
    return this.activeStatement.all(tokenId, nowMs);
  }

  /** The vehicle's newest offer set, expired or not, as stored JSON with its time; undefined when it has none. */
  latestSet(tokenId: number): { updatedAt: number; body: string } | undefined {
    const row = this.latestStatement.get(tokenId);
    return row ? { updatedAt: row.updated_at, body: row.body } : undefined;
  }

  /** Records a request and its fresh set, replacing the vehicle's unexpired set in one transaction. */
  replaceActiveSet(request: {
    tokenId: number;
    clientId: string;
    nowMs: number;
    updatedAt: number;
    expiresAt: number;
    body: string;
  }): void {
    this.replaceTransaction(
      request.tokenId,
      request.clientId,
      request.nowMs,
      request.updatedAt,
      request.expiresAt,
      request.body,
    );
  }

  clear(): void {
    this.db.exec("DELETE FROM offer_sets; DELETE FROM instant_offer_requests;");
  }
}
