import "server-only";
import { LRUCache } from "lru-cache";
import { decodePermissions } from "@/lib/protocol";
import { type ActivityInput, cacheHitEntry } from "./activity";
import { type HttpSettings } from "./http";
import { IDENTITY_PATH, queryVehicle } from "./identity";
import { type VehicleNode } from "./schemas/identity";
import { SingleFlight } from "./single-flight";
import { type Vehicle } from "@/lib/models";
import { type AppConfig } from "@/lib/config";
import { ttlBelow } from "@/lib/process-wide";

/**
 * What the identity API says about each vehicle, the license's grant included, kept for a few minutes. The grant
 * decides which privileges the client may ask for, so after warm-up a data call needs no identity query.
 */

export interface VehicleRecord {
  vehicle: Vehicle;
  /** When the vehicle has a grant that has run out: its end. */
  grantExpiredAt: string | null;
}

export function toVehicleRecord(node: VehicleNode, nowMs: number): VehicleRecord {
  let grant: Vehicle["grant"] = null;
  let grantExpiredAt: string | null = null;
  if (node.sacd) {
    const expiresAt = node.sacd.expiresAt ?? null;
    const expiry = expiresAt === null ? Number.POSITIVE_INFINITY : Date.parse(expiresAt);
    // An end that cannot be read is treated as passed: better to ask again than to use a grant that may be gone.
    if (Number.isNaN(expiry) || expiry <= nowMs) {
      grantExpiredAt = expiresAt;
    } else {
      const privileges = decodePermissions(node.sacd.permissions);
      if (privileges.length > 0) grant = { privileges, expiresAt };
    }
  }
  const vehicle: Vehicle = {
    tokenId: node.tokenId,
    tokenDID: node.tokenDID ?? null,
    owner: node.owner,
    mintedAt: node.mintedAt ?? null,
    name: node.name ?? null,
    imageURI: node.imageURI ?? null,
    make: node.definition?.make ?? null,
    model: node.definition?.model ?? null,
    year: node.definition?.year ?? null,
    definitionId: node.definition?.id ?? null,
    grant,
  };
  return { vehicle, grantExpiredAt };
}

/**
 * The most vehicle records kept at once. Token ids come from URLs, so without a bound every id asked for would stay;
 * this holds the fleets licenses have many times over, and a record is well under a kilobyte.
 */
export const VEHICLE_RECORDS_MAX = 10_000;

export interface VehicleDirectoryDeps {
  http: HttpSettings;
  config: Pick<AppConfig, "license" | "urls">;
  now: () => number;
  ttlMs: number;
  onActivity: (entry: ActivityInput) => void;
  /** VEHICLE_RECORDS_MAX unless given. */
  maxRecords?: number;
}

/**
 * Vehicle records by token id, the least recently used dropped first past the bound, each for the client's ttlMs at
 * most (on the client's clock); null records (unknown vehicles) are kept too, so a bad link does not hammer the API.
 * One directory per client, as each client may face its own identity API.
 */
export class VehicleDirectory {
  private readonly records: LRUCache<number, { record: VehicleRecord | null }>;
  private readonly flights = new SingleFlight<VehicleRecord | null>();

  constructor(private readonly deps: VehicleDirectoryDeps) {
    // Each record's ttl is set when it is remembered; the clock is the client's, read at every check.
    this.records = new LRUCache({
      max: deps.maxRecords ?? VEHICLE_RECORDS_MAX,
      perf: { now: deps.now },
      ttlResolution: 0,
    });
  }

  async get(tokenId: number): Promise<VehicleRecord | null> {
    const kept = this.records.get(tokenId);
    if (kept) {
      this.reportHit(tokenId);
      return kept.record;
    }
    return this.flights.run(String(tokenId), async () => {
      const node = await queryVehicle(this.deps.http, this.deps.config, tokenId);
      const record = node ? toVehicleRecord(node, this.deps.now()) : null;
      this.remember(tokenId, record);
      return record;
    });
  }

  remember(tokenId: number, record: VehicleRecord | null): void {
    const now = this.deps.now();
    let keepMs = this.deps.ttlMs;
    // A grant that ends sooner than the record would be kept must not outlive itself here.
    const grantEnd = record?.vehicle.grant?.expiresAt;
    if (grantEnd) keepMs = Math.min(keepMs, Date.parse(grantEnd) - now);
    const ttl = ttlBelow(keepMs);
    if (ttl > 0) this.records.set(tokenId, { record }, { ttl });
    else this.records.delete(tokenId);
  }

  forget(tokenId: number): void {
    this.records.delete(tokenId);
  }

  private reportHit(tokenId: number) {
    this.deps.onActivity(
      cacheHitEntry({
        at: this.deps.now(),
        method: "POST",
        service: "identity",
        baseUrl: this.deps.config.urls.identity,
        path: IDENTITY_PATH,
        tokenId,
      }),
    );
  }
}
