import "server-only";
import { type TripsPage } from "@/lib/models";
import { fetchTrips } from "../trips";
import { type ClientContext, assertPositiveInteger } from "./context";

/** The trips service's part of the DIMO client. */

export interface TripMethods {
  listTrips(tokenId: number, page?: number): Promise<TripsPage>;
}

export function tripMethods({ http, config, withAccess }: ClientContext): TripMethods {
  return {
    async listTrips(tokenId, page = 1) {
      assertPositiveInteger(page, "page");
      return withAccess(tokenId, "trips", (token) => fetchTrips(http, config.urls.trips, token, tokenId, page));
    },
  };
}
