import "server-only";
import { getDimoClient } from "@/lib/dimo";
import { type AllTripsMessage, encodeMessage, pageDetailsOf } from "@/lib/geo/all-trips-stream";
import { type ExportFormat, GEOJSON_STREAM, tripCsvHeader, tripCsvRow, tripToExportFeature } from "@/lib/geo/export";
import type { Trip, TripPathResult, TripsPage } from "@/lib/models";
import { isAbort, logUnexpected, toFailure } from "./failure";
import { forEachTripPath } from "./trip-paths";
import { keptTripHistory, walkTripHistory } from "./trip-history";
import { type WalkOptions } from "./trip-pages";

/**
 * Every trip of a vehicle as a byte stream, for the route handlers: the all-trips map's NDJSON (start points and
 * progress) and the all-trips export files. Each stops fetching as soon as `signal` aborts (the browser went away
 * or pressed cancel).
 */

const encoder = new TextEncoder();

const listTrips = (tokenId: number, page: number) => getDimoClient().listTrips(tokenId, page);

/** A vehicle's trips, page by page, from its kept history when it has one. */
const walkTrips = (tokenId: number, options: WalkOptions) =>
  walkTripHistory(tokenId, (page) => listTrips(tokenId, page), keptTripHistory(), options);

/** Aborts when the request does, or when the response stream is cancelled (the client stopped reading). */
function linkedAbort(signal: AbortSignal): AbortController {
  const controller = new AbortController();
  if (signal.aborted) controller.abort(signal.reason);
  else signal.addEventListener("abort", () => controller.abort(signal.reason), { once: true });
  return controller;
}

/** Stops a newest-first walk after the first page reaching back before `sinceMs`: every later page is older. */
const olderThan = (sinceMs: number) => (page: TripsPage) =>
  page.trips.some((trip) => Date.parse(trip.start.time) < sinceMs);

/**
 * Start points and progress, one message a line; a failure becomes an `error` message, not a broken stream. With
 * `sinceMs` (a time window's start), only the pages down to the first trip before it are read.
 */
export function allTripsStream(tokenId: number, signal: AbortSignal, sinceMs?: number): ReadableStream<Uint8Array> {
  const stop = linkedAbort(signal);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (message: AllTripsMessage) => {
        if (!stop.signal.aborted) controller.enqueue(encoder.encode(encodeMessage(message)));
      };
      walkTrips(tokenId, {
        signal: stop.signal,
        stopAfter: sinceMs === undefined ? undefined : olderThan(sinceMs),
        onStart: (totalPages) => send({ type: "start", totalPages }),
        onPage: (page, pageNumber) =>
          send({ type: "page", page: pageNumber, trips: page.trips.length, ...pageDetailsOf(page.trips) }),
      })
        .then((summary) => send({ type: "done", ...summary }))
        .catch((error: unknown) => {
          if (stop.signal.aborted || isAbort(error)) return;
          send({ type: "error", ...toFailure(error, "all trips stream") });
        })
        .finally(() => {
          if (!stop.signal.aborted) controller.close();
        });
    },
    cancel() {
      stop.abort();
    },
  });
}

const FORMATS: Record<ExportFormat, { open: string; item: (trip: Trip, first: boolean) => string; close: string }> = {
  csv: { open: tripCsvHeader(), item: (trip) => tripCsvRow(trip), close: "" },
  geojson: {
    open: GEOJSON_STREAM.open,
    item: (trip, first) => (first ? "" : GEOJSON_STREAM.separator) + JSON.stringify(tripToExportFeature(trip)),
    close: GEOJSON_STREAM.close,
  },
};

/** Which trips an export keeps: all of them without one. */
export type TripFilter = (trip: Trip) => boolean;

/** The trips that start in `[fromMs, toMs)`: the all-trips page's time window, applied to its export. */
export function startsBetween(fromMs: number, toMs: number): TripFilter {
  return (trip) => {
    const start = Date.parse(trip.start.time);
    return start >= fromMs && start < toMs;
  };
}

const kept = (trips: readonly Trip[], keep: TripFilter | undefined) => (keep ? trips.filter(keep) : trips);

/**
 * Every trip, newest first, as a CSV or GeoJSON file (only those `keep` keeps, when given). Resolves once the first page has arrived, so a refusal
 * (missing privilege, unknown vehicle) can still become an HTTP error; a failure after that breaks the download
 * rather than ending it early, so a partial file is never mistaken for a complete one.
 */
export function allTripsExportStream(
  tokenId: number,
  format: ExportFormat,
  signal: AbortSignal,
  keep?: TripFilter,
): Promise<ReadableStream<Uint8Array>> {
  const writer = FORMATS[format];
  const stop = linkedAbort(signal);
  return new Promise((resolve, reject) => {
    let started = false;
    let written = 0;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        const write = (text: string) => {
          if (text !== "" && !stop.signal.aborted) controller.enqueue(encoder.encode(text));
        };
        walkTrips(tokenId, {
          signal: stop.signal,
          onStart: () => {
            started = true;
            write(writer.open);
            resolve(stream);
          },
          onPage: (page) => {
            let text = "";
            for (const trip of kept(page.trips, keep)) text += writer.item(trip, written++ === 0);
            write(text);
          },
        })
          .then(() => {
            write(writer.close);
            if (!stop.signal.aborted) controller.close();
          })
          .catch((error: unknown) => {
            // Before the first byte the route answers with a status (and logs); after it, only the log is left.
            if (!started) return reject(error);
            logUnexpected(error, "trips export");
            if (!stop.signal.aborted)
              controller.error(isAbort(error) ? error : new Error("the trips export stopped before the last page"));
          });
      },
      cancel() {
        stop.abort();
      },
    });
  });
}

/** One page of trips as a file's text. */
export async function tripsPageExport(
  tokenId: number,
  page: number,
  format: ExportFormat,
  signal: AbortSignal,
  keep?: TripFilter,
): Promise<string> {
  const trips = kept((await listTrips(tokenId, page)).trips, keep);
  if (format === "geojson") {
    // A page's GeoJSON carries each trip's route, read (or kept) as the trips map reads it.
    const paths = new Map<string, TripPathResult>();
    await forEachTripPath(tokenId, trips, signal, (result) => paths.set(result.tripId, result));
    const features = trips.map((trip) => JSON.stringify(tripToExportFeature(trip, paths.get(trip.id))));
    return GEOJSON_STREAM.open + features.join(GEOJSON_STREAM.separator) + GEOJSON_STREAM.close;
  }
  const writer = FORMATS[format];
  return writer.open + trips.map((trip, i) => writer.item(trip, i === 0)).join("") + writer.close;
}
