import "server-only";
import { type Feature } from "@/lib/features";
import { type DeveloperLicense, type Vehicle, type VehicleAccess, type VehiclePage } from "@/lib/models";
import { IDENTITY_PAGE_MAX } from "@/lib/protocol";
import { fetchDeveloperLicense, queryPowertrains, queryVehicles } from "../identity";
import { SingleFlight } from "../single-flight";
import { toVehicleRecord } from "../vehicles";
import { type ClientContext, assertPositiveInteger } from "./context";

/** The identity API's part of the DIMO client: the license's vehicles, their grants, and the license itself. */

export interface VehicleMethods {
  listVehicles(options?: { first?: number; after?: string }): Promise<VehiclePage>;
  listAllVehicles(): Promise<Vehicle[]>;
  /** The vehicle with the license's grant on it; null when unknown or not shared with the license. */
  getVehicle(tokenId: number): Promise<Vehicle | null>;
  /**
   * Whether the license may read the vehicle, and, when its grant has ended, since when; `fresh` asks the identity API
   * rather than the kept record, for a grant that has just changed.
   */
  getVehicleAccess(tokenId: number, options?: { fresh?: boolean }): Promise<VehicleAccess>;
  /** The configured license (kept for the grant lifetime); a DimoError NOT_FOUND when DIMO does not know it. */
  getDeveloperLicense(): Promise<DeveloperLicense>;
  /**
   * The powertrain of up to DEFINITIONS_PER_QUERY device definitions, in one identity query: `BEV`, `ICE`..., or null
   * when the identity API does not say.
   */
  getPowertrains(definitionIds: readonly string[]): Promise<Map<string, string | null>>;
  /** Resolves when the vehicle's grant allows the feature; otherwise throws the DimoError its calls would meet. */
  assertCanUse(tokenId: number, feature: Feature): Promise<void>;
}

const MAX_VEHICLE_PAGES = 1_000;

export function vehicleMethods(context: ClientContext): VehicleMethods {
  const { http, config, directory, now } = context;
  const licenseFlight = new SingleFlight<DeveloperLicense>();
  let license: { value: DeveloperLicense; until: number } | undefined;

  async function listVehicles(paging: { first?: number; after?: string } = {}): Promise<VehiclePage> {
    const first = Math.min(IDENTITY_PAGE_MAX, Math.max(1, Math.floor(paging.first ?? IDENTITY_PAGE_MAX)));
    const connection = await queryVehicles(http, config, first, paging.after);
    const vehicles = connection.nodes.map((node) => {
      const record = toVehicleRecord(node, now());
      // The list carries each grant, so the pages that follow need no identity query of their own.
      directory.remember(node.tokenId, record);
      return record.vehicle;
    });
    return {
      vehicles,
      totalCount: connection.totalCount,
      hasNextPage: connection.pageInfo.hasNextPage,
      endCursor: connection.pageInfo.endCursor ?? null,
    };
  }

  async function getVehicleAccess(tokenId: number, options: { fresh?: boolean } = {}): Promise<VehicleAccess> {
    assertPositiveInteger(tokenId, "tokenId");
    if (options.fresh) directory.forget(tokenId);
    const record = await directory.get(tokenId);
    if (record?.vehicle.grant) return { status: "shared", vehicle: record.vehicle };
    // A grant that ended, as opposed to one that never was (no grant to the license, or one with no privilege).
    if (record?.grantExpiredAt)
      return { status: "expired", vehicle: record.vehicle, grantEndedAt: record.grantExpiredAt };
    return { status: "none" };
  }

  return {
    listVehicles,

    async listAllVehicles() {
      const all: Vehicle[] = [];
      let after: string | undefined;
      for (let page = 0; page < MAX_VEHICLE_PAGES; page += 1) {
        const result = await listVehicles({ first: IDENTITY_PAGE_MAX, after });
        all.push(...result.vehicles);
        // A cursor that does not move would loop for ever.
        if (!result.hasNextPage || result.endCursor === null || result.endCursor === after) break;
        after = result.endCursor;
      }
      return all;
    },

    async getVehicle(tokenId) {
      const access = await getVehicleAccess(tokenId);
      return access.status === "shared" ? access.vehicle : null;
    },

    getVehicleAccess,

    async getDeveloperLicense() {
      if (license && license.until > now()) return license.value;
      return licenseFlight.run("license", async () => {
        const value = await fetchDeveloperLicense(http, config);
        license = { value, until: now() + context.grantTtlMs };
        return value;
      });
    },

    getPowertrains(definitionIds) {
      return queryPowertrains(http, config, definitionIds);
    },

    async assertCanUse(tokenId, feature) {
      await context.privilegesOf(tokenId, feature);
    },
  };
}
