import type Database from "better-sqlite3";
import { isPrivilegeId, type PrivilegeId } from "@/lib/protocol";

export interface VehicleRecord {
  tokenId: number;
  /** Lowercase. */
  owner: string;
  name: string;
  imageUri: string;
  mintedAt: number;
  make: string;
  model: string;
  year: number;
  definitionId: string;
  tripCount: number;
  mileage: number;
}

export interface GrantRecord {
  tokenId: number;
  /** Lowercase. */
  grantee: string;
  privileges: PrivilegeId[];
  permissions: string;
  source: string;
  createdAt: number;
  expiresAt: number;
  /** The permission template the owner was asked to grant, when the share link named one. */
  templateId: number | null;
}

/** What an owner's approval on the login page writes for each vehicle picked. */
export interface NewGrant {
  grantee: string;
  privileges: readonly PrivilegeId[];
  permissions: string;
  source: string;
  createdAt: number;
  expiresAt: number;
  templateId: number | null;
}

interface VehicleRow {
  token_id: number;
  owner: string;
  name: string;
  image_uri: string;
  minted_at: number;
  make: string;
  model: string;
  year: number;
  definition_id: string;
  trip_count: number;
  mileage: number;
}

interface GrantRow {
  token_id: number;
  grantee: string;
  privileges: string;
  permissions: string;
  source: string;
  created_at: number;
  expires_at: number;
  template_id: number | null;
}

const toVehicle = (row: VehicleRow): VehicleRecord => ({
  tokenId: row.token_id,
  owner: row.owner,
  name: row.name,
  imageUri: row.image_uri,
  mintedAt: row.minted_at,
  make: row.make,
  model: row.model,
  year: row.year,
  definitionId: row.definition_id,
  tripCount: row.trip_count,
  mileage: row.mileage,
});

const toGrant = (row: GrantRow): GrantRecord => ({
  tokenId: row.token_id,
  grantee: row.grantee,
  privileges: row.privileges.split(",").map(Number).filter(isPrivilegeId),
  permissions: row.permissions,
  source: row.source,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  templateId: row.template_id,
});

/**
 * Vehicles, their grants, trips and valuations. Vehicle rows are few and change only as a live vehicle's trips are
 * listed, so they are read once and kept; the trip count per vehicle is needed on every trips request. Grants are read from the database on every
 * call, since owners write them on the login page and every service must honour them at once.
 */
export class VehicleStore {
  private readonly vehicles: Map<number, VehicleRecord>;
  private readonly grantStatement: Database.Statement<[number, string], GrantRow>;
  private readonly tokenIdsGrantedTo: Database.Statement<[string, number], number>;
  private readonly grantsOfVehicle: Database.Statement<[number, number], GrantRow>;
  private readonly tripRange: Database.Statement<[number, number, number], string>;
  private readonly valuationStatement: Database.Statement<[number], string>;
  private readonly writeGrantsTransaction: (tokenIds: readonly number[], grant: NewGrant) => void;
  private readonly revokeStatement: Database.Statement<[number, string, number]>;
  private readonly restoreTransaction: () => void;
  private readonly appendTransaction: (tokenId: number, bodies: readonly string[]) => number;
  private readonly dropTransaction: (tokenId: number, count: number) => number;

  constructor(db: Database.Database) {
    const rows = db.prepare("SELECT * FROM vehicles ORDER BY token_id DESC").all() as VehicleRow[];
    this.vehicles = new Map(rows.map((row) => [row.token_id, toVehicle(row)]));
    this.grantStatement = db.prepare("SELECT * FROM grants WHERE token_id = ? AND grantee = ?");
    // Only the token ids, read from the grantee index alone: a license may hold grants on a whole fleet.
    this.tokenIdsGrantedTo = db
      .prepare<[string, number], number>("SELECT token_id FROM grants WHERE grantee = ? AND expires_at > ?")
      .pluck();
    this.grantsOfVehicle = db.prepare(
      "SELECT * FROM grants WHERE token_id = ? AND expires_at > ? ORDER BY created_at, grantee",
    );
    this.tripRange = db
      .prepare<[number, number, number], string>(
        "SELECT body FROM trips WHERE token_id = ? AND rank BETWEEN ? AND ? ORDER BY rank",
      )
      .pluck();
    this.valuationStatement = db.prepare<[number], string>("SELECT body FROM valuations WHERE token_id = ?").pluck();
    // One grant per vehicle and grantee, as a SACD on the vehicle NFT: sharing again replaces the earlier terms.
    const upsert = db.prepare(
      `INSERT OR REPLACE INTO grants (token_id, grantee, privileges, permissions, source, created_at, expires_at, template_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.writeGrantsTransaction = db.transaction((tokenIds: readonly number[], grant: NewGrant) => {
      for (const tokenId of tokenIds) {
        upsert.run(
          tokenId,
          grant.grantee.toLowerCase(),
          grant.privileges.join(","),
          grant.permissions,
          grant.source,
          grant.createdAt,
          grant.expiresAt,
          grant.templateId,
        );
      }
    });
    this.revokeStatement = db.prepare(
      "UPDATE grants SET expires_at = 0 WHERE token_id = ? AND grantee = ? AND expires_at > ?",
    );
    this.restoreTransaction = db.transaction(() => {
      db.exec("DELETE FROM grants; INSERT INTO grants SELECT * FROM seed_grants;");
    });
    // Rank 1 is the newest trip, so a new one moves every other down. Through negative ranks, so that no row ever
    // takes a rank another still holds.
    const shiftDown = db.prepare("UPDATE trips SET rank = -(rank + ?) WHERE token_id = ?");
    const shiftUp = db.prepare("UPDATE trips SET rank = -rank - ? WHERE token_id = ? AND rank < 0");
    const insertTrip = db.prepare("INSERT INTO trips (token_id, rank, body) VALUES (?, ?, ?)");
    const removeNewest = db.prepare("DELETE FROM trips WHERE token_id = ? AND rank <= ?");
    const setCount = db.prepare("UPDATE vehicles SET trip_count = ? WHERE token_id = ?");
    const countTrips = db.prepare<[number], number>("SELECT COUNT(*) FROM trips WHERE token_id = ?").pluck();
    this.appendTransaction = db.transaction((tokenId: number, bodies: readonly string[]) => {
      shiftDown.run(bodies.length, tokenId);
      shiftUp.run(0, tokenId);
      bodies.forEach((body, i) => insertTrip.run(tokenId, bodies.length - i, body));
      const count = countTrips.get(tokenId) ?? 0;
      setCount.run(count, tokenId);
      return count;
    });
    this.dropTransaction = db.transaction((tokenId: number, count: number) => {
      removeNewest.run(tokenId, count);
      shiftDown.run(0, tokenId);
      shiftUp.run(count, tokenId);
      const left = countTrips.get(tokenId) ?? 0;
      setCount.run(left, tokenId);
      return left;
    });
  }

  /** Lists a live vehicle's newly completed trips (oldest first) as its newest. */
  appendTrips(tokenId: number, bodies: readonly string[]): void {
    const vehicle = this.vehicles.get(tokenId);
    if (!vehicle) throw new Error(`no vehicle ${tokenId}`);
    if (bodies.length === 0) return;
    this.vehicles.set(tokenId, { ...vehicle, tripCount: this.appendTransaction(tokenId, bodies) });
  }

  /** Unlists a live vehicle's `count` newest trips, when the clock is set back before they ended. */
  dropNewestTrips(tokenId: number, count: number): void {
    const vehicle = this.vehicles.get(tokenId);
    if (!vehicle) throw new Error(`no vehicle ${tokenId}`);
    if (count <= 0) return;
    this.vehicles.set(tokenId, { ...vehicle, tripCount: this.dropTransaction(tokenId, count) });
  }

  /** Writes the same grant on every vehicle listed, replacing any earlier grant of them to that grantee. */
  writeGrants(tokenIds: readonly number[], grant: NewGrant): void {
    for (const tokenId of tokenIds) {
      if (!this.vehicles.has(tokenId)) throw new Error(`no vehicle ${tokenId}`);
    }
    this.writeGrantsTransaction(tokenIds, grant);
  }

  /**
   * Ends a grant live at `nowMs` as DIMO's login revokes one: the same SACD written again with expiry 0, so it stays
   * expired whatever the sandbox clock does next. False when there was no live grant.
   */
  revokeGrant(tokenId: number, grantee: string, nowMs: number): boolean {
    return this.revokeStatement.run(tokenId, grantee.toLowerCase(), nowMs).changes > 0;
  }

  /** Every grant back to what the seed wrote: shares and revocations since are undone. */
  restoreSeededGrants(): void {
    this.restoreTransaction();
  }

  get(tokenId: number): VehicleRecord | undefined {
    return this.vehicles.get(tokenId);
  }

  /** Every vehicle, highest token id first. */
  all(): VehicleRecord[] {
    return [...this.vehicles.values()];
  }

  /** The grant of a vehicle to a grantee, expired or not. */
  grant(tokenId: number, grantee: string): GrantRecord | undefined {
    const row = this.grantStatement.get(tokenId, grantee.toLowerCase());
    return row ? toGrant(row) : undefined;
  }

  /** Token ids with a grant to `grantee` that has not expired at `nowMs`. */
  grantedTokenIds(grantee: string, nowMs: number): Set<number> {
    return new Set(this.tokenIdsGrantedTo.all(grantee.toLowerCase(), nowMs));
  }

  /** A vehicle's grants that have not expired at `nowMs`, oldest first. */
  activeGrants(tokenId: number, nowMs: number): GrantRecord[] {
    return this.grantsOfVehicle.all(tokenId, nowMs).map(toGrant);
  }

  /** The stored JSON of trips ranked `fromRank..toRank` (rank 1 = newest). */
  tripBodies(tokenId: number, fromRank: number, toRank: number): string[] {
    return this.tripRange.all(tokenId, fromRank, toRank);
  }

  valuationBody(tokenId: number): string | undefined {
    return this.valuationStatement.get(tokenId);
  }
}
