import type { Vehicle, VehiclePage } from "@/lib/models";

/** A fake identity API for the roster's tests: the license's vehicles, paged as DIMO pages them. */

const PAGE = 100;

export function rosterVehicle(
  tokenId: number,
  privileges: Vehicle["grant"] = { privileges: [1, 4], expiresAt: null },
): Vehicle {
  return {
    tokenId,
    tokenDID: null,
    owner: "0x0000000000000000000000000000000000000001",
    mintedAt: null,
    name: null,
    imageURI: null,
    definitionId: null,
    make: "Ford",
    model: "F-150",
    year: 2021,
    grant: privileges,
  };
}

/** The license's list as the identity API pages it: newest token first, cursors that name the last token. */
export class FakeIdentity {
  readonly vehicles = new Map<number, Vehicle>();
  requests = 0;
  failNext = false;
  /** How long each page takes, so that a reader can look in the middle of a walk. */
  delayMs = 0;

  constructor(count: number) {
    for (let id = 1; id <= count; id++) this.vehicles.set(id, rosterVehicle(id));
  }

  definitionRequests = 0;
  /** Definitions whose id starts with `tesla` are battery electric, the rest combustion. */
  powertrainsOf = async (definitionIds: readonly string[]) => {
    this.definitionRequests += 1;
    return new Map(definitionIds.map((id) => [id, id.startsWith("tesla") ? "BEV" : "ICE"]));
  };

  listPage = async (after: string | undefined): Promise<VehiclePage> => {
    this.requests += 1;
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.failNext) {
      this.failNext = false;
      throw new Error("identity failed");
    }
    const all = [...this.vehicles.values()].sort((a, b) => b.tokenId - a.tokenId);
    const start = after === undefined ? 0 : all.findIndex((v) => v.tokenId < Number(after));
    const vehicles = start < 0 ? [] : all.slice(start, start + PAGE);
    const last = vehicles.at(-1);
    return {
      vehicles,
      totalCount: all.length,
      hasNextPage: start >= 0 && start + PAGE < all.length,
      endCursor: last ? String(last.tokenId) : null,
    };
  };
}
