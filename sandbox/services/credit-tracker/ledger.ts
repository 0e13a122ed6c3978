import { randomUUID } from "node:crypto";
import type Database from "better-sqlite3";
import { vehicleDid } from "@/lib/protocol";
import { type SandboxClock } from "../../clock";
import { SEED_CREDITS, seededGrantPlan } from "./seed-grants";

/**
 * DIMO's credit tracker's ledger (DIMO-Network/credit-tracker, internal/creditrepo): grants of credits per (license,
 * vehicle DID), each expiring a month after it was minted, and the operations on them. A deduction takes from the
 * active grants soonest to expire first; a refund gives back what its deduction took. When a deduction finds no
 * credits, the tracker buys a grant of 50,000 itself and deducts again, as the real one does. License ids are kept
 * lowercase; asset DIDs as the Telemetry API writes them.
 */

const DAY_MS = 86_400_000;

export type OperationType = "deduction" | "refund" | "grant_purchase" | "grant_confirm";

interface GrantRow {
  id: number;
  remaining_amount: number;
}

export interface LicenseUsage {
  numOfAssets: number;
  numOfCreditsGrantsPurchased: number;
  numOfCreditsUsed: number;
}

export interface AssetUsage {
  numOfCreditsGrantsPurchased: number;
  numOfCreditsUsed: number;
  currentCreditsRemaining: number;
}

const TABLES_SQL = `
CREATE TABLE IF NOT EXISTS credit_grants (
  id INTEGER PRIMARY KEY,
  license_id TEXT NOT NULL,
  asset_did TEXT NOT NULL,
  initial_amount INTEGER NOT NULL,
  remaining_amount INTEGER NOT NULL,
  minted_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS credit_grants_by_asset ON credit_grants (license_id, asset_did, expires_at);
CREATE TABLE IF NOT EXISTS credit_operations (
  id INTEGER PRIMARY KEY,
  license_id TEXT NOT NULL,
  asset_did TEXT NOT NULL,
  operation_type TEXT NOT NULL,
  total_amount INTEGER NOT NULL,
  app_name TEXT NOT NULL,
  reference_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (app_name, reference_id, operation_type)
);
CREATE INDEX IF NOT EXISTS credit_operations_by_license ON credit_operations (license_id, created_at);
CREATE TABLE IF NOT EXISTS credit_operation_grants (
  app_name TEXT NOT NULL,
  reference_id TEXT NOT NULL,
  grant_id INTEGER NOT NULL REFERENCES credit_grants(id),
  amount_used INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS credit_operation_grants_by_ref ON credit_operation_grants (app_name, reference_id);
`;

/** A month after `mintedAtMs`, as Go's AddDate(0, 1, 0) in UTC. */
function monthAfter(mintedAtMs: number): number {
  const date = new Date(mintedAtMs);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.getTime();
}

export class CreditLedger {
  constructor(
    private readonly db: Database.Database,
    private readonly clock: SandboxClock,
  ) {
    db.exec(TABLES_SQL);
    const count = db.prepare("SELECT COUNT(*) FROM credit_grants").pluck().get() as number;
    if (count === 0) this.seed();
  }

  /** Back to the seeded grants, minted relative to the clock's now; every operation since is dropped. */
  reset(): void {
    this.db.transaction(() => {
      this.db.exec("DELETE FROM credit_operation_grants; DELETE FROM credit_operations; DELETE FROM credit_grants;");
      this.seed();
    })();
  }

  private seed(): void {
    const rows = this.db.prepare("SELECT token_id, grantee FROM seed_grants ORDER BY grantee, token_id").all() as {
      token_id: number;
      grantee: string;
    }[];
    const now = this.clock.nowMs();
    this.db.transaction(() => {
      for (const plan of seededGrantPlan(rows)) {
        this.confirmGrant(plan.license, vehicleDid(plan.tokenId), plan.amount, now - plan.ageDays * DAY_MS);
      }
    })();
  }

  /** Ends the vehicle's active grants now and confirms one of `amount`: a test's way to a known balance. */
  replaceGrants(license: string, assetDid: string, amount: number): void {
    const now = this.clock.nowMs();
    this.db.transaction(() => {
      this.db
        .prepare("UPDATE credit_grants SET expires_at = ? WHERE license_id = ? AND asset_did = ? AND expires_at > ?")
        .run(now, license.toLowerCase(), assetDid, now);
      this.confirmGrant(license, assetDid, amount, now);
    })();
  }

  /** A grant minted and confirmed (a DCX burn on chain): a new grant, whatever the vehicle already holds. */
  confirmGrant(license: string, assetDid: string, amount: number, mintedAtMs = this.clock.nowMs()): void {
    const licenseId = license.toLowerCase();
    const grantId = this.db
      .prepare(
        `INSERT INTO credit_grants (license_id, asset_did, initial_amount, remaining_amount, minted_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(licenseId, assetDid, amount, amount, mintedAtMs, monthAfter(mintedAtMs)).lastInsertRowid;
    this.insertOperation(
      licenseId,
      assetDid,
      "grant_confirm",
      amount,
      "credit_tracker",
      `grant-${grantId}`,
      mintedAtMs,
    );
  }

  private insertOperation(
    licenseId: string,
    assetDid: string,
    type: OperationType,
    amount: number,
    appName: string,
    referenceId: string,
    atMs: number,
  ): void {
    this.db
      .prepare(
        `INSERT INTO credit_operations
           (license_id, asset_did, operation_type, total_amount, app_name, reference_id, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(licenseId, assetDid, type, amount, appName, referenceId, atMs);
  }

  private activeGrants(licenseId: string, assetDid: string, nowMs: number): GrantRow[] {
    return this.db
      .prepare(
        `SELECT id, remaining_amount FROM credit_grants
         WHERE license_id = ? AND asset_did = ? AND remaining_amount > 0 AND expires_at > ?
         ORDER BY expires_at, minted_at, id`,
      )
      .all(licenseId, assetDid, nowMs) as GrantRow[];
  }

  /** What the vehicle's active grants hold now. */
  balance(license: string, assetDid: string): number {
    return this.activeGrants(license.toLowerCase(), assetDid, this.clock.nowMs()).reduce(
      (sum, grant) => sum + grant.remaining_amount,
      0,
    );
  }

  /**
   * Deducts `amount` for one request and returns its reference id. With too few credits the tracker buys a grant of
   * SEED_CREDITS on its own and deducts from it. Null when the sandbox has closed.
   */
  deduct(license: string, assetDid: string, amount: number, appName: string): string | null {
    // A query answered while the sandbox closes is not charged: the database has gone.
    if (!this.db.open) return null;
    const licenseId = license.toLowerCase();
    const referenceId = randomUUID();
    this.db.transaction(() => {
      const now = this.clock.nowMs();
      let grants = this.activeGrants(licenseId, assetDid, now);
      if (grants.reduce((sum, g) => sum + g.remaining_amount, 0) < amount) {
        this.insertOperation(licenseId, assetDid, "grant_purchase", SEED_CREDITS, "credit_tracker", referenceId, now);
        this.confirmGrant(licenseId, assetDid, SEED_CREDITS, now);
        grants = this.activeGrants(licenseId, assetDid, now);
      }
      this.insertOperation(licenseId, assetDid, "deduction", amount, appName, referenceId, now);
      let left = amount;
      for (const grant of grants) {
        if (left <= 0) break;
        const taken = Math.min(left, grant.remaining_amount);
        this.db
          .prepare("UPDATE credit_grants SET remaining_amount = remaining_amount - ? WHERE id = ?")
          .run(taken, grant.id);
        this.db
          .prepare(
            "INSERT INTO credit_operation_grants (app_name, reference_id, grant_id, amount_used) VALUES (?, ?, ?, ?)",
          )
          .run(appName, referenceId, grant.id, taken);
        left -= taken;
      }
    })();
    return referenceId;
  }

  /** Gives back what the deduction `referenceId` took, to the grants it took from. */
  refund(appName: string, referenceId: string): void {
    this.db.transaction(() => {
      const deduction = this.db
        .prepare(
          `SELECT license_id, asset_did, total_amount FROM credit_operations
           WHERE app_name = ? AND reference_id = ? AND operation_type = 'deduction'`,
        )
        .get(appName, referenceId) as { license_id: string; asset_did: string; total_amount: number } | undefined;
      if (!deduction) throw new Error("no deduction to refund");
      const now = this.clock.nowMs();
      this.insertOperation(
        deduction.license_id,
        deduction.asset_did,
        "refund",
        deduction.total_amount,
        appName,
        referenceId,
        now,
      );
      const used = this.db
        .prepare("SELECT grant_id, amount_used FROM credit_operation_grants WHERE app_name = ? AND reference_id = ?")
        .all(appName, referenceId) as { grant_id: number; amount_used: number }[];
      for (const use of used) {
        this.db
          .prepare("UPDATE credit_grants SET remaining_amount = remaining_amount + ? WHERE id = ?")
          .run(use.amount_used, use.grant_id);
      }
    })();
  }

  private usedAndPurchased(where: string, params: unknown[]): { used: number; purchased: number; assets: number } {
    return this.db
      .prepare(
        `SELECT
           COALESCE(SUM(CASE WHEN operation_type = 'deduction' THEN total_amount ELSE 0 END), 0)
             - COALESCE(SUM(CASE WHEN operation_type = 'refund' THEN total_amount ELSE 0 END), 0) AS used,
           COUNT(CASE WHEN operation_type = 'grant_confirm' THEN 1 END) AS purchased,
           COUNT(DISTINCT asset_did) AS assets
         FROM credit_operations WHERE ${where}`,
      )
      .get(...params) as { used: number; purchased: number; assets: number };
  }

  /** The license's usage between two times (inclusive; `toMs` null for no end), as the report's SQL counts it. */
  licenseUsage(license: string, fromMs: number, toMs: number | null): LicenseUsage {
    const row = this.usedAndPurchased("license_id = ? AND created_at >= ? AND created_at <= ?", [
      license.toLowerCase(),
      fromMs,
      toMs ?? Number.MAX_SAFE_INTEGER,
    ]);
    return { numOfAssets: row.assets, numOfCreditsGrantsPurchased: row.purchased, numOfCreditsUsed: row.used };
  }

  /** One vehicle's usage between two times, and its balance now. */
  assetUsage(license: string, assetDid: string, fromMs: number, toMs: number | null): AssetUsage {
    const row = this.usedAndPurchased("license_id = ? AND asset_did = ? AND created_at >= ? AND created_at <= ?", [
      license.toLowerCase(),
      assetDid,
      fromMs,
      toMs ?? Number.MAX_SAFE_INTEGER,
    ]);
    return {
      numOfCreditsGrantsPurchased: row.purchased,
      numOfCreditsUsed: row.used,
      currentCreditsRemaining: this.balance(license, assetDid),
    };
  }
}
