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
});

/**
 * Vehicles, their grants, trips and valuations: read-only once seeded. Vehicle rows are few and never change, so
 * they are read once and kept; the trip count per vehicle is needed on every trips request.
 */
export class VehicleStore {
  private readonly vehicles: Map<number, VehicleRecord>;
  private readonly grantStatement: Database.Statement<[number, string], GrantRow>;
  private readonly grantsOfGrantee: Database.Statement<[string, number], GrantRow>;
  private readonly grantsOfVehicle: Database.Statement<[number, number], GrantRow>;
  private readonly tripRange: Database.Statement<[number, number, number], string>;
  private readonly valuationStatement: Database.Statement<[number], string>;

  constructor(db: Database.Database) {
    const rows = db.prepare("SELECT * FROM vehicles ORDER BY token_id DESC").all() as VehicleRow[];
    this.vehicles = new Map(rows.map((row) => [row.token_id, toVehicle(row)]));
    this.grantStatement = db.prepare("SELECT * FROM grants WHERE token_id = ? AND grantee = ?");
    this.grantsOfGrantee = db.prepare("SELECT * FROM grants WHERE grantee = ? AND expires_at > ?");
    this.grantsOfVehicle = db.prepare(
      "SELECT * FROM grants WHERE token_id = ? AND expires_at > ? ORDER BY created_at, grantee",
    );
    this.tripRange = db
      .prepare<[number, number, number], string>(
        "SELECT body FROM trips WHERE token_id = ? AND rank BETWEEN ? AND ? ORDER BY rank",
      )
      .pluck();
    this.valuationStatement = db.prepare<[number], string>("SELECT body FROM valuations WHERE token_id = ?").pluck();
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
    return new Set(this.grantsOfGrantee.all(grantee.toLowerCase(), nowMs).map((row) => row.token_id));
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
