import "server-only";
import { z } from "zod";
import { vehicleTitle } from "@/lib/roster/vehicle-title";
import { getConfig } from "@/lib/config";
import { getDimoClient } from "@/lib/dimo";
import type { VehicleAccess, VehicleGrant } from "@/lib/models";
import { type ShareRecord, type ShareRecordInput } from "@/lib/share-links";
import { latestShareRecords } from "@/lib/share-links/records";
import { type CappedLogStore, getStores } from "@/lib/store";
import { guarded } from "./guard";
import { noInput, positiveWholeNumber } from "./inputs";
import { noteLandingInRoster } from "./roster";

/**
 * The license's share records (lib/share-links/history.ts), kept in the shared store so every dashboard instance
 * reads the same ones. They are written by the landing page, and only for what DIMO confirms: a vehicle is recorded
 * as shared through a link once the identity API lists the license's grant on it, so an address typed by hand cannot
 * mark a vehicle as shared.
 */

/** Enough for a large fleet's arrivals and departures; the oldest records go first past it. */
const KEPT_RECORDS = 20_000;

const recordsKey = (clientId: string) => `share-records:${clientId.toLowerCase()}`;

export async function readShareRecordsIn(logs: CappedLogStore, clientId: string): Promise<Map<number, ShareRecord>> {
  return latestShareRecords(await logs.list(recordsKey(clientId)));
}

/** The newest record of each vehicle the dashboard saw come or go through a link. */
export async function readShareRecords(): Promise<Map<number, ShareRecord>> {
  return readShareRecordsIn(getStores().logs, getConfig().license.clientId);
}

/** How many vehicles each link brought, by the link's name: those whose newest record is a share through it. */
export const countVehiclesByLink = guarded(noInput, async function countVehiclesByLink() {
  const counts: Record<string, number> = {};
  for (const record of (await readShareRecords()).values()) {
    if (record.kind === "shared" && record.link !== null) counts[record.link] = (counts[record.link] ?? 0) + 1;
  }
  return counts;
});

export const landingInput = z.object(
  {
    vehicles: z.array(positiveWholeNumber("A vehicle id")).max(1000, { error: "at most 1000 vehicles" }),
    revoked: z.array(positiveWholeNumber("A vehicle id")).max(1000, { error: "at most 1000 vehicles" }),
    utm: z.string().max(200, { error: "a link's name is at most 200 characters long" }).nullable(),
  },
  { error: "the input must be the vehicles shared and revoked, and the link's name" },
);

export interface LandedVehicle {
  tokenId: number;
  title: string;
  grant: VehicleGrant | null;
}

/** What the landing page says: the vehicles DIMO confirms as shared, those it lists no grant on, those revoked. */
export interface LandingOutcome {
  shared: LandedVehicle[];
  notListed: number[];
  revoked: LandedVehicle[];
}

export interface LandingDeps {
  logs: CappedLogStore;
  clientId: string;
  now: Date;
  /** Drops what the dashboard keeps of the vehicle's grant and tokens, so the next read asks DIMO afresh. */
  forget: (tokenId: number) => Promise<void>;
  access: (tokenId: number) => Promise<VehicleAccess>;
}

export async function recordLandingIn(
  deps: LandingDeps,
  input: z.output<typeof landingInput>,
): Promise<LandingOutcome> {
  const key = recordsKey(deps.clientId);
  const known = await readShareRecordsIn(deps.logs, deps.clientId);
  const at = deps.now.toISOString();
  const append = (record: ShareRecordInput) => deps.logs.append(key, JSON.stringify(record), KEPT_RECORDS);
  const outcome: LandingOutcome = { shared: [], notListed: [], revoked: [] };

  // The owner has just changed the grants: what the dashboard kept of them from before would be stale.
  await Promise.all([...input.vehicles, ...input.revoked].map((tokenId) => deps.forget(tokenId)));
  const accesses = await Promise.all(
    input.vehicles.map(async (tokenId) => ({ tokenId, access: await deps.access(tokenId) })),
  );
  for (const { tokenId, access } of accesses) {
    const grant = access.status === "shared" ? access.vehicle.grant : null;
    if (access.status !== "shared" || grant === null) {
      outcome.notListed.push(tokenId);
      continue;
    }
    const title = vehicleTitle(access.vehicle);
    await append({ kind: "shared", tokenId, link: input.utm, at, title, ...grant });
    outcome.shared.push({ tokenId, title, grant });
  }

  // A revocation is recorded as DIMO's login reported it: the live list, not this record, decides what is shared, so
  // a record of one that is in fact still live only explains nothing.
  for (const tokenId of input.revoked) {
    const earlier = known.get(tokenId);
    const title = earlier?.title ?? `Vehicle ${tokenId}`;
    const privileges = earlier?.privileges ?? [];
    await append({ kind: "revoked", tokenId, link: input.utm, at, title, privileges, expiresAt: null });
    outcome.revoked.push({ tokenId, title, grant: null });
  }
  return outcome;
}

/** Records what an owner's return to the landing page says, once DIMO confirms it; for signed-in people only. */
export const recordLanding = guarded(landingInput, async function recordLanding(input) {
  const client = getDimoClient();
  const outcome = await recordLandingIn(
    {
      logs: getStores().logs,
      clientId: getConfig().license.clientId,
      now: new Date(),
      // A refresh re-reads the grant and mints a token when there is one; with no grant left, it refuses, as expected.
      forget: (tokenId) =>
        client.refreshVehicleToken(tokenId).then(
          () => undefined,
          () => undefined,
        ),
      access: (tokenId) => client.getVehicleAccess(tokenId),
    },
    input,
  );
  // The vehicles were just read (the directory holds them), so the roster learns of them without another request.
  const shared = await Promise.all(outcome.shared.map((landed) => client.getVehicle(landed.tokenId)));
  await noteLandingInRoster(
    shared.filter((vehicle) => vehicle !== null),
    outcome.revoked.map((landed) => landed.tokenId),
  );
  return outcome;
});
