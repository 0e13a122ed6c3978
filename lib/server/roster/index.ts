import "server-only";
import { getConfig } from "@/lib/config";
import { type DimoClient, getDimoClient } from "@/lib/dimo";
import { DEFINITIONS_PER_QUERY } from "@/lib/dimo/identity";
import type { Vehicle } from "@/lib/models";
import { processWide } from "@/lib/process-wide";
import { IDENTITY_PAGE_MAX } from "@/lib/protocol";
import { type CappedLogStore, type KeyValueStore, getStores } from "@/lib/store";
import { toFailure } from "../failure";
import { RosterService } from "./roster-service";
import { RosterStore } from "./roster-store";

/**
 * The license's roster for this process: kept in the shared store (Redis when configured, memory otherwise), filled
 * through the one DIMO client, so its pages share the client's pacing, retries and activity log with everything else.
 */
export function vehicleRoster(): RosterService {
  return processWide("vehicle-roster", () => {
    const stores = getStores();
    return rosterServiceFor(getDimoClient(), stores.tolerant.keyValue, stores.logs, getConfig().license.clientId);
  });
}

/** A roster read through `client` and kept in these stores (the bench gives another license's). */
export function rosterServiceFor(
  client: DimoClient,
  keyValue: KeyValueStore,
  logs: CappedLogStore,
  clientId: string,
): RosterService {
  return new RosterService({
    store: new RosterStore(keyValue, logs, clientId),
    listPage: (after) => client.listVehicles({ first: IDENTITY_PAGE_MAX, ...(after ? { after } : {}) }),
    powertrainsOf: (definitionIds) => client.getPowertrains(definitionIds),
    definitionsPerRequest: DEFINITIONS_PER_QUERY,
    now: Date.now,
    describe: (error) => toFailure(error, "vehicle roster"),
  });
}

/**
 * What an owner's return through a share link says, once DIMO confirmed it: the roster shows the shared vehicles and
 * drops the revoked ones at once, without waiting for the identity API's list to be read again.
 */
export async function noteLandingInRoster(shared: readonly Vehicle[], revoked: readonly number[]): Promise<void> {
  if (shared.length === 0 && revoked.length === 0) return;
  await vehicleRoster().noteLanding(shared, revoked);
}

/**
 * Keeps a VIN the dashboard read (the Overview's VIN credential, a VIN credential in the credentials list) in the
 * roster, so the list's search finds the vehicle by it. Never fails the read that found it: a VIN not kept now is
 * kept the next time it is read.
 */
export async function recordKnownVin(tokenId: number, vin: string): Promise<void> {
  await vehicleRoster()
    .noteVin(tokenId, vin)
    .catch(() => undefined);
}
