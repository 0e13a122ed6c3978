import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { encodePermissions } from "@/lib/protocol";
import { request } from "@/test-support/sandbox";
import { type SandboxServer, startSandboxServer } from "@/test-support/servers";
import { getDeveloperJwt, getVehicleJwt } from "../../flow-client";
import { fleetVehicles } from "../../seed/fleet";
import { distanceMiles } from "../../seed/geo";
import { METROS } from "../../seed/metros";
import { DEMO_GRANTED_VEHICLE_IDS } from "../../seed/vehicles";
import { encodeCursor, MAX_PAGE_SIZE } from "./paging";
import { fetchAllLicenseVehiclePages, fetchLicenseVehiclePage } from "./license-vehicle-pages";

/** The sandbox's command line with a fleet, over real HTTP: the license pages through it as through DIMO's. */

const FLEET_SIZE = 350;
const FLEET = fleetVehicles(FLEET_SIZE);
const CLIENT = DEMO_LICENSE.clientId;
const LICENSE_VEHICLE_IDS = [
  ...DEMO_GRANTED_VEHICLE_IDS,
  ...FLEET.filter((v) => v.grant && !v.grant.expired).map((v) => v.tokenId),
].sort((a, b) => b - a);

let sandbox: SandboxServer;
const identityUrl = () => `${sandbox.url}/identity/query`;

beforeAll(async () => {
  sandbox = await startSandboxServer(["--fleet", String(FLEET_SIZE)]);
}, 120_000);
afterAll(async () => {
  await sandbox?.stop();
});

describe("a license with a fleet", () => {
  it("pages through every vehicle it may use, 100 at a time, each page after the last one's end cursor", async () => {
    const pages = await fetchAllLicenseVehiclePages(identityUrl(), CLIENT);
    expect(pages).toHaveLength(Math.ceil(LICENSE_VEHICLE_IDS.length / MAX_PAGE_SIZE));
    const ids = pages.flatMap((page) => page.edges.map((edge) => edge.node.tokenId));
    expect(ids).toEqual(LICENSE_VEHICLE_IDS);
    pages.forEach((page, i) => {
      const last = i === pages.length - 1;
      expect(page.totalCount).toBe(LICENSE_VEHICLE_IDS.length);
      expect(page.edges.length).toBe(last ? LICENSE_VEHICLE_IDS.length - i * MAX_PAGE_SIZE : MAX_PAGE_SIZE);
      expect(page.pageInfo.hasNextPage).toBe(!last);
      expect(page.pageInfo.hasPreviousPage).toBe(i > 0);
      expect(page.edges.map((edge) => edge.cursor)).toEqual(page.edges.map((edge) => encodeCursor(edge.node.tokenId)));
      expect(page.pageInfo.startCursor).toBe(page.edges[0]?.cursor);
      expect(page.pageInfo.endCursor).toBe(page.edges[page.edges.length - 1]?.cursor);
    });
  });

  it("gives each fleet vehicle its make, model, year and the grant's permissions", async () => {
    const pages = await fetchAllLicenseVehiclePages(identityUrl(), CLIENT);
    const listed = new Map(pages.flatMap((page) => page.edges.map((edge) => [edge.node.tokenId, edge.node])));
    const live = FLEET.filter((v) => v.grant && !v.grant.expired);
    for (const vehicle of live) {
      const node = listed.get(vehicle.tokenId);
      expect(node?.definition).toEqual({
        id: vehicle.definitionId,
        make: vehicle.make,
        model: vehicle.model,
        year: vehicle.year,
      });
      expect(node?.sacd?.permissions).toBe(encodePermissions(vehicle.grant?.privileges ?? []));
    }
  });

  it("starts a page right after any cursor, and leaves out vehicles whose grant has ended", async () => {
    const middle = LICENSE_VEHICLE_IDS[123] as number;
    const page = await fetchLicenseVehiclePage(identityUrl(), CLIENT, encodeCursor(middle));
    expect(page.edges.map((edge) => edge.node.tokenId)).toEqual(LICENSE_VEHICLE_IDS.slice(124, 224));
    const ended = FLEET.find((v) => v.grant?.expired);
    expect(ended).toBeDefined();
    expect(LICENSE_VEHICLE_IDS).not.toContain(ended?.tokenId);
  });

  it("gives a fleet vehicle's grant, with its end date, as the vehicle's SACD", async () => {
    const endingSoon = FLEET.find((v) => !v.grant?.expired && (v.grant?.expiresInDays ?? 365) < 30);
    const answer = await request(identityUrl(), {
      method: "POST",
      json: {
        query: `{ vehicle(tokenId: ${endingSoon?.tokenId}) { definition { make model year } sacd(grantee: "${CLIENT}") { expiresAt } } }`,
      },
    });
    const vehicle = (answer.body as { data: { vehicle: Record<string, unknown> } }).data.vehicle;
    expect(vehicle.definition).toEqual({ make: endingSoon?.make, model: endingSoon?.model, year: endingSoon?.year });
    const expiresAt = Date.parse((vehicle.sacd as { expiresAt: string }).expiresAt);
    expect(expiresAt).toBeGreaterThan(Date.now());
    expect(expiresAt).toBeLessThan(Date.now() + 30 * 24 * 3600 * 1000);
  });

  it("exchanges a Vehicle JWT for a fleet vehicle, whose latest position lies in its metro and whose trips list", async () => {
    const vehicle = FLEET.find((v) => !v.grant?.expired && v.grant?.privileges.includes(4));
    if (!vehicle) throw new Error("no fleet vehicle with location history");
    const token = await getVehicleJwt(sandbox.url, await getDeveloperJwt(sandbox.url), vehicle.tokenId, [1, 4]);

    const latest = await request(`${sandbox.url}/telemetry/query`, {
      method: "POST",
      bearer: token,
      json: {
        query: `{ signalsLatest(tokenId: ${vehicle.tokenId}) { lastSeen currentLocationCoordinates { value { latitude longitude } } } }`,
      },
    });
    const signals = (
      latest.body as {
        data: {
          signalsLatest: {
            lastSeen: string;
            currentLocationCoordinates: { value: { latitude: number; longitude: number } };
          };
        };
      }
    ).data.signalsLatest;
    expect(Date.parse(signals.lastSeen)).toBeLessThan(Date.now());
    const metro = METROS[vehicle.metro];
    expect(distanceMiles(signals.currentLocationCoordinates.value, metro.center)).toBeLessThan(metro.radiusMiles + 2);

    const trips = await request(`${sandbox.url}/trips/v1/vehicle/${vehicle.tokenId}/trips?page=1`, { bearer: token });
    expect(trips.status).toBe(200);
    expect((trips.body as { trips: unknown[] }).trips).toHaveLength(vehicle.trips.count);
  });

  it("refuses a Vehicle JWT for a fleet vehicle whose grant has ended", async () => {
    const ended = FLEET.find((v) => v.grant?.expired);
    if (!ended) throw new Error("no fleet vehicle with an ended grant");
    const developer = await getDeveloperJwt(sandbox.url);
    await expect(getVehicleJwt(sandbox.url, developer, ended.tokenId, [1])).rejects.toThrow();
  });
});
