import "server-only";
import { z } from "zod";
import { vehicleTitle } from "@/lib/roster/vehicle-title";
import { getConfig } from "@/lib/config";
import { getDimoClient } from "@/lib/dimo";
import type { VehicleAccess } from "@/lib/models";
import { type LandingOutcome } from "@/lib/models/share-links";
import { LANDING_PAGE_MAX, type ShareRecord, type ShareRecordInput } from "@/lib/share-links";
import { latestShareRecords } from "@/lib/share-links/records";
import { type CappedLogStore, getStores } from "@/lib/store";
import { guarded } from "./guard";
import { noInput, positiveWholeNumber } from "./inputs";
import { noteLandingInRoster } from "./roster";
import { listShareLinksIn } from "./share-links";

/**
 * The license's share records (lib/share-links/history.ts), kept in the shared store so every dashboard instance
 * reads the same ones. The landing page only reads: it shows what DIMO says about the vehicles its address names, and
 * the signed-in person's confirm (a POST) records it, checked again. A vehicle is recorded as shared once the identity
 * API lists the license's grant on it, as revoked once it no longer does, and under the link's name only when the
 * license keeps a link of that name; so an address typed by hand, or sent from another site, can mark nothing.
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

export const landingInput = z
  .object(
    {
      vehicles: z.array(positiveWholeNumber("A vehicle id")),
      revoked: z.array(positiveWholeNumber("A vehicle id")),
      utm: z.string().max(200, { error: "a link's name is at most 200 characters long" }).nullable(),
    },
    { error: "the input must be the vehicles shared and revoked, and the link's name" },
  )
  .refine((input) => input.vehicles.length + input.revoked.length <= LANDING_PAGE_MAX, {
    error: `at most ${LANDING_PAGE_MAX} vehicles, shared and revoked together`,
  });

type LandingInput = z.output<typeof landingInput>;

/** What a landing is checked against: DIMO's grants, the license's kept links, and the records for names. */
export interface LandingCheckDeps {
  logs: CappedLogStore;
  clientId: string;
  access: (tokenId: number) => Promise<VehicleAccess>;
}

export interface LandingDeps extends LandingCheckDeps {
  now: Date;
  /** Drops what the dashboard keeps of the vehicle's grant and tokens, so the next read asks DIMO afresh. */
  forget: (tokenId: number) => Promise<void>;
}

/** What DIMO says now about the vehicles the landing names, and whether its name is a kept link's; writes nothing. */
export async function checkLandingIn(deps: LandingCheckDeps, input: LandingInput): Promise<LandingOutcome> {
  const [known, kept, accesses] = await Promise.all([
    readShareRecordsIn(deps.logs, deps.clientId),
    input.utm === null ? [] : listShareLinksIn(deps.logs, deps.clientId),
    Promise.all([...input.vehicles, ...input.revoked].map((tokenId) => deps.access(tokenId))),
  ]);
  const outcome: LandingOutcome = {
    shared: [],
    notListed: [],
    revoked: [],
    stillListed: [],
    link: kept.some((link) => link.name === input.utm) ? input.utm : null,
  };
  input.vehicles.forEach((tokenId, index) => {
    const access = accesses[index];
    if (access?.status === "shared" && access.vehicle.grant !== null) {
      outcome.shared.push({ tokenId, title: vehicleTitle(access.vehicle), grant: access.vehicle.grant });
    } else outcome.notListed.push(tokenId);
  });
  input.revoked.forEach((tokenId, index) => {
    const access = accesses[input.vehicles.length + index];
    if (access?.status === "shared" && access.vehicle.grant !== null) {
      outcome.stillListed.push({ tokenId, title: vehicleTitle(access.vehicle), grant: access.vehicle.grant });
    } else outcome.revoked.push({ tokenId, title: known.get(tokenId)?.title ?? `Vehicle ${tokenId}`, grant: null });
  });
  return outcome;
}

/** Records what the landing names, as checked with DIMO once what was kept of those vehicles is dropped. */
export async function recordLandingIn(deps: LandingDeps, input: LandingInput): Promise<LandingOutcome> {
  // The owner has just changed the grants: what the dashboard kept of them from before would be stale.
  await Promise.all([...input.vehicles, ...input.revoked].map((tokenId) => deps.forget(tokenId)));
  const outcome = await checkLandingIn(deps, input);
  const known = await readShareRecordsIn(deps.logs, deps.clientId);
  const at = deps.now.toISOString();
  const key = recordsKey(deps.clientId);
  const append = (record: ShareRecordInput) => deps.logs.append(key, JSON.stringify(record), KEPT_RECORDS);
  for (const { tokenId, title, grant } of outcome.shared) {
    if (grant !== null) await append({ kind: "shared", tokenId, link: outcome.link, at, title, ...grant });
  }
  for (const { tokenId, title } of outcome.revoked) {
    const privileges = known.get(tokenId)?.privileges ?? [];
    await append({ kind: "revoked", tokenId, link: outcome.link, at, title, privileges, expiresAt: null });
  }
  return outcome;
}

/** What DIMO says now about the vehicles a landing names, for the landing page: asked afresh, recorded nowhere. */
export const checkLanding = guarded(landingInput, async function checkLanding(input) {
  const client = getDimoClient();
  return checkLandingIn(
    {
      logs: getStores().logs,
      clientId: getConfig().license.clientId,
      access: (tokenId) => client.getVehicleAccess(tokenId, { fresh: true }),
    },
    input,
  );
});

/** Records a landing the signed-in person confirmed, checked with DIMO again; for the confirm action, which is guarded. */
export async function recordLanding(input: LandingInput): Promise<LandingOutcome> {
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
}
