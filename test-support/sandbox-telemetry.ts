import { type PrivilegeId, privilegeInfo, VEHICLE_NFT_CONTRACT, vehicleDid } from "@/lib/protocol";
import { request, type SandboxSuite } from "@/test-support/sandbox";
import { type SandboxContext } from "@/sandbox/context";
import { DriveStore } from "@/sandbox/store/drive-store";
import { VehicleStore } from "@/sandbox/store/vehicle-store";
import { type EventName, type TripWithEvents, tripsWithEvents } from "@/sandbox/telemetry/events";
import { vehicleSource } from "@/sandbox/services/telemetry/vehicle-data";
import { withSandboxDatabase } from "./sandbox-attestation";

/** Helpers for the telemetry tests: GraphQL over real HTTP, trips from the Trips API, tokens the exchange won't give. */

export interface GraphQLAnswer<T = Record<string, unknown>> {
  status: number;
  data: T | null | undefined;
  errors: { message: string; path?: (string | number)[]; extensions?: { code?: string } }[] | undefined;
  body: unknown;
}

export async function telemetryQuery<T = Record<string, unknown>>(
  suite: SandboxSuite,
  token: string | null,
  query: string,
  variables?: Record<string, unknown>,
): Promise<GraphQLAnswer<T>> {
  const answer = await request(`${suite.url}/telemetry/query`, {
    method: "POST",
    json: { query, variables },
    ...(token ? { bearer: token } : {}),
  });
  const body = answer.body as { data?: T | null; errors?: GraphQLAnswer["errors"] } | undefined;
  return { status: answer.status, data: body?.data, errors: body?.errors, body: answer.body };
}

export interface ApiTrip {
  id: string;
  start: { time: string; location?: { latitude: number; longitude: number } };
  end: { time: string; location?: { latitude: number; longitude: number } };
}

/** Every trip of a vehicle from the Trips API, newest first (all pages up to `maxPages`). */
export async function tripsOf(suite: SandboxSuite, tokenId: number, maxPages = Infinity): Promise<ApiTrip[]> {
  const token = await suite.vehicleJwt(tokenId, [4]);
  const trips: ApiTrip[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const answer = await request(`${suite.url}/trips/v1/vehicle/${tokenId}/trips?page=${page}`, { bearer: token });
    const body = answer.body as { trips: ApiTrip[]; totalPages: number };
    trips.push(...body.trips);
    if (page >= body.totalPages) break;
  }
  return trips;
}

/**
 * A Vehicle JWT signed with the sandbox's own token-exchange key, for privileges no grant gives (the exchange
 * refuses those): the same claims the exchange writes.
 */
export async function forgedVehicleJwt(
  suite: SandboxSuite,
  tokenId: number,
  privileges: readonly PrivilegeId[],
  lifetimeSeconds = 600,
): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return suite.signWithSandboxKey("token-exchange", {
    iss: `${suite.url}/token-exchange`,
    sub: "0x0000000000000000000000000000000000000001",
    aud: ["dimo.zone"],
    iat,
    exp: iat + lifetimeSeconds,
    token_id: String(tokenId),
    contract_address: VEHICLE_NFT_CONTRACT.toLowerCase(),
    privilege_ids: [...privileges],
    asset: vehicleDid(tokenId),
    permissions: privileges.map((id) => privilegeInfo(id).permission),
  });
}

export const micros = (iso: string) => {
  const match = /\.(\d+)Z$/.exec(iso);
  const fraction = (match?.[1] ?? "").padEnd(6, "0").slice(0, 6);
  return Math.floor(Date.parse(iso) / 1000) * 1e6 + Number(fraction);
};

/** RFC 3339 with microseconds for a time in microseconds. */
export const isoMicros = (us: number) => {
  const seconds = Math.floor(us / 1e6);
  const fraction = String(us - seconds * 1e6).padStart(6, "0");
  return `${new Date(seconds * 1000).toISOString().slice(0, 19)}.${fraction}Z`;
};

/**
 * The trips of a seeded vehicle in a test sandbox with exactly `count` events named `name`, newest first, read from
 * the sandbox's own database: which trip of which vehicle to look at for a given number of harsh brakings.
 */
export function seededTripsWithEvents(
  dataDir: string,
  tokenId: number,
  name: EventName,
  count: number,
  beforeUs: number,
): TripWithEvents[] {
  return withSandboxDatabase(dataDir, (db) => {
    const context = { vehicles: new VehicleStore(db), drives: new DriveStore(db) } as unknown as SandboxContext;
    const source = vehicleSource(context, tokenId);
    return source ? tripsWithEvents(source, name, count, beforeUs, 10 * 365 * 86_400e6) : [];
  });
}
