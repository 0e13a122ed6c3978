import "server-only";
import { type HttpSettings, dimoFetch } from "./http";
import { parseResponse } from "./parse";
import { tripsResponseSchema } from "./schemas/trips";
import { type TripPoint, type TripsPage } from "@/lib/models";

/** The trips service: completed trips, 100 a page, newest first. Needs a Vehicle JWT with privilege 4. */

type RawPoint = {
  time: string;
  location?: { latitude: number; longitude: number } | null;
  estimatedLocation?: { latitude: number; longitude: number } | null;
};

const toPoint = (raw: RawPoint): TripPoint => ({
  time: raw.time,
  location: raw.location ?? null,
  estimatedLocation: raw.estimatedLocation ?? null,
});

export async function fetchTrips(
  http: HttpSettings,
  tripsUrl: string,
  token: string,
  tokenId: number,
  page: number,
): Promise<TripsPage> {
  const response = await dimoFetch(http, {
    service: "trips",
    method: "GET",
    baseUrl: tripsUrl,
    path: `/v1/vehicle/${tokenId}/trips`,
    query: { page: String(page) },
    loggedQuery: ["page"],
    bearer: token,
    retry: "idempotent",
    tokenKind: "vehicle",
    tokenId,
  });
  const body = parseResponse(tripsResponseSchema, response.body, "trips", "trips page");
  return {
    trips: (body.trips ?? []).map((trip) => ({
      id: trip.id,
      start: toPoint(trip.start),
      end: toPoint(trip.end),
      droppedData: trip.droppedData ?? false,
    })),
    totalPages: body.totalPages,
    currentPage: body.currentPage,
  };
}
