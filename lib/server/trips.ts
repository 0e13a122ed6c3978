import "server-only";
import { z } from "zod";
import { getDimoClient } from "@/lib/dimo";
import { EXPORT_FORMATS, EXPORT_MEDIA_TYPES, exportFileName } from "@/lib/geo/export";
import { guarded } from "./guard";
import { findDayPage } from "@/lib/trip-day-search";
import { keptTripHistory, pageFromHistory } from "./trip-history";
import { positiveWholeNumber, tripsDayInput, tripsInput } from "./inputs";
import { openLongRead } from "./long-reads";
import { readTripsPage } from "./recent-trip-pages";
import { allTripsExportStream, allTripsStream, startsBetween, tripsPageExport } from "./trip-streams";

/**
 * A vehicle's trips, guarded: the trips page's prefetch and the trips route read pages through listTripsPage; the
 * all-trips map and the exports open their streams through the others, which refuse an unknown vehicle or a grant
 * without location history with a status before the first byte.
 */

/**
 * One page (TRIPS_PAGE_SIZE trips, newest first) of a vehicle's trips, always from the Trips API, and kept a short
 * while for the paths route (recent-trip-pages.ts).
 */
export const listTripsPage = guarded(tripsInput, async function listTripsPage({ tokenId, page }) {
  return readTripsPage(tokenId, page);
});

/**
 * The trips page's jump to a date: the page holding a day and its newest trip, or that the day is outside the
 * vehicle's trips (see trip-day-search.ts). Page 1 is always read from the service (it may have new trips); when the
 * vehicle's kept history is current with it, the other pages come from there and cost no request.
 */
export const findTripsDay = guarded(tripsDayInput, async function findTripsDay({ tokenId, from, to }) {
  const client = getDimoClient();
  const first = await client.listTrips(tokenId, 1);
  const known = keptTripHistory().get(tokenId);
  const search = await findDayPage(
    async (page) => (page === 1 ? first : (pageFromHistory(known, first, page) ?? client.listTrips(tokenId, page))),
    { from: Date.parse(from), to: Date.parse(to) },
  );
  return search.result;
});

// A stream outlives no one: without a caller's signal, one that never aborts.
const signalOrNever = (signal: AbortSignal | undefined) => signal ?? new AbortController().signal;

const allTripsInput = z.object(
  {
    tokenId: positiveWholeNumber("tokenId"),
    // A time window's start: the trips from then on (and the rest of the page reaching back past it) are enough.
    since: z.iso.datetime({ offset: true, error: "since must be an ISO date and time" }).optional(),
  },
  { error: "the input must be an object with a tokenId" },
);

/**
 * Every trip's start point (or those since a time), and the progress, as NDJSON (see lib/geo/all-trips-stream.ts):
 * one of the session's long reads.
 */
export const openAllTripsStream = guarded(
  allTripsInput,
  async function openAllTripsStream({ tokenId, since }, { session, signal }) {
    return openLongRead(session, signal, async (hold) => {
      await getDimoClient().assertCanUse(tokenId, "trips");
      const sinceMs = since === undefined ? undefined : Date.parse(since);
      return hold(allTripsStream(tokenId, signalOrNever(signal), sinceMs));
    });
  },
);

const exportInput = z
  .object(
    {
      tokenId: positiveWholeNumber("tokenId"),
      // Strings, as they come from a URL; anything but the two formats is refused.
      format: z.string().pipe(z.enum(EXPORT_FORMATS, { error: "format must be csv or geojson" })),
      page: z.union([z.literal("all"), positiveWholeNumber("page")], {
        error: "page must be a positive whole number or all",
      }),
      // A time window: only the trips that start in [from, to). Both or neither, as the all-trips page sends them.
      from: z.iso.datetime({ offset: true, error: "from must be an ISO date and time" }).optional(),
      to: z.iso.datetime({ offset: true, error: "to must be an ISO date and time" }).optional(),
    },
    { error: "the input must be an object with a tokenId, a format and a page" },
  )
  .refine((input) => (input.from === undefined) === (input.to === undefined), { error: "from and to go together" })
  .refine(
    (input) => input.from === undefined || input.to === undefined || Date.parse(input.from) < Date.parse(input.to),
    {
      error: "from must come before to",
    },
  );

/**
 * One page of trips, or all of them (streamed while the pages are fetched), as a CSV or GeoJSON file: one of the
 * session's long reads, until the file is written.
 */
export const openTripsExport = guarded(
  exportInput,
  async function openTripsExport({ tokenId, format, page, from, to }, { session, signal }) {
    const keep = from !== undefined && to !== undefined ? startsBetween(Date.parse(from), Date.parse(to)) : undefined;
    const body = await openLongRead(session, signal, async (hold) =>
      page === "all"
        ? hold(await allTripsExportStream(tokenId, format, signalOrNever(signal), keep))
        : tripsPageExport(tokenId, page, format, signalOrNever(signal), keep),
    );
    return { body, mediaType: EXPORT_MEDIA_TYPES[format], fileName: exportFileName(tokenId, page, format) };
  },
);
