import type Database from "better-sqlite3";

export interface ChallengeRecord {
  state: string;
  /** Lowercase. */
  clientId: string;
  domain: string;
  message: string;
  issuedAt: number;
  usedAt: number | null;
}

interface ChallengeRow {
  state: string;
  client_id: string;
  domain: string;
  message: string;
  issued_at: number;
  used_at: number | null;
}

/** Challenge states of the sign-in flow. Kept in the database so a flow survives a sandbox restart. */
export class ChallengeStore {
  private readonly insertStatement: Database.Statement<[string, string, string, string, number]>;
  private readonly getStatement: Database.Statement<[string], ChallengeRow>;
  private readonly useStatement: Database.Statement<[number, string]>;

  constructor(private readonly db: Database.Database) {
    this.insertStatement = db.prepare(
      "INSERT INTO challenges (state, client_id, domain, message, issued_at) VALUES (?, ?, ?, ?, ?)",
    );
    this.getStatement = db.prepare("SELECT * FROM challenges WHERE state = ?");
    this.useStatement = db.prepare("UPDATE challenges SET used_at = ? WHERE state = ? AND used_at IS NULL");
  }

  insert(challenge: Omit<ChallengeRecord, "usedAt">): void {
    this.insertStatement.run(
      challenge.state,
      challenge.clientId.toLowerCase(),
      challenge.domain,
      challenge.message,
      challenge.issuedAt,
    );
  }

  get(state: string): ChallengeRecord | undefined {
    const row = this.getStatement.get(state);
    if (!row) return undefined;
    return {
      state: row.state,
      clientId: row.client_id,
      domain: row.domain,
      message: row.message,
      issuedAt: row.issued_at,
      usedAt: row.used_at,
    };
  }

  /** Marks a state used; false when it already was (two submissions racing for one state). */
  markUsed(state: string, nowMs: number): boolean {
    return this.useStatement.run(nowMs, state).changes === 1;
  }

  clear(): void {
    this.db.exec("DELETE FROM challenges");
  }
}
