import type { Trip, TripsPage } from "@/lib/models";
import { TRIPS_PAGE_SIZE } from "@/lib/protocol";

/**
 * Which page of a vehicle's trips holds a given day. The Trips API pages by number, newest first, and nothing else,
 * so the page is searched for: page 1 (for the page count, and to tell a day after the newest trip), the last page
 * (to tell a day before the oldest, and as the search's far end), then guesses in between. A guess is placed where
 * the day's end would fall if the trips were spread evenly between the two trips known around it, and a guess that
 * did not halve the range is followed by a halving, so an uneven history costs at most about twice a bisection's
 * reads, and an even one three to five in all (a bisection of 1,000 pages: twelve). A page whose trips straddle the day's end is the answer at once:
 * every trip of the page before it is newer.
 */

export interface DayBounds {
  /** The day's first millisecond (Unix ms) and the first one after it: `[from, to)`. */
  from: number;
  to: number;
}

export type DaySearchResult =
  /** The page holding the newest trip that started on the day, and that trip. */
  | { kind: "found"; page: number; tripId: string; trips: TripsPage }
  /** No trip started on the day, which lies between trips: the page holding the newest trip before it. */
  | { kind: "none"; page: number; trips: TripsPage }
  /** The day ends before the vehicle's oldest trip starts. */
  | { kind: "before"; firstTripStart: string }
  /** The day starts after the vehicle's newest trip started. */
  | { kind: "after"; lastTripStart: string }
  /** The vehicle has no trips. */
  | { kind: "empty" };

export interface DaySearch {
  result: DaySearchResult;
  /** The pages read, in order: what the search cost. */
  pagesRead: number[];
}

const startMs = (trip: Trip) => Date.parse(trip.start.time);

/** The page's oldest and newest start (NaN-free: a trip without a readable time is left out). */
function span(page: TripsPage): { oldest: number; newest: number; oldestTrip: Trip; newestTrip: Trip } | null {
  let oldestTrip: Trip | undefined;
  let newestTrip: Trip | undefined;
  for (const trip of page.trips) {
    const t = startMs(trip);
    if (!Number.isFinite(t)) continue;
    if (!oldestTrip || t < startMs(oldestTrip)) oldestTrip = trip;
    if (!newestTrip || t > startMs(newestTrip)) newestTrip = trip;
  }
  return oldestTrip && newestTrip
    ? { oldest: startMs(oldestTrip), newest: startMs(newestTrip), oldestTrip, newestTrip }
    : null;
}

export async function findDayPage(readPage: (page: number) => Promise<TripsPage>, day: DayBounds): Promise<DaySearch> {
  const pagesRead: number[] = [];
  const read = async (page: number) => {
    pagesRead.push(page);
    return readPage(page);
  };
  const done = (result: DaySearchResult): DaySearch => ({ result, pagesRead });

  // The answer's page: say whether a trip of the day is on it.
  const answer = (page: number, trips: TripsPage): DaySearch => {
    const newestBeforeEnd = trips.trips.find((trip) => startMs(trip) < day.to);
    if (newestBeforeEnd && startMs(newestBeforeEnd) >= day.from)
      return done({ kind: "found", page, tripId: newestBeforeEnd.id, trips });
    return done({ kind: "none", page, trips });
  };

  const first = await read(1);
  const firstSpan = span(first);
  if (first.totalPages < 1 || !firstSpan) return done({ kind: "empty" });
  if (firstSpan.newest < day.from) return done({ kind: "after", lastTripStart: firstSpan.newestTrip.start.time });
  if (firstSpan.oldest < day.to) return answer(1, first);

  const lastPage = first.totalPages;
  const last = lastPage === 1 ? first : await read(lastPage);
  const lastSpan = span(last);
  // Page 1 is wholly after the day's end, so the day is before the oldest trip unless the last page reaches it.
  if (!lastSpan || lastSpan.oldest >= day.to)
    return done({ kind: "before", firstTripStart: (lastSpan ?? firstSpan).oldestTrip.start.time });
  if (lastSpan.newest >= day.to) return answer(lastPage, last);

  // Invariant: every trip of page `lo` starts at or after the day's end, and page `hi` is the first known to hold one
  // before it (its newest trip already does, else it would be the answer). Guesses interpolate between the two
  // trips known around the day's end: the last of page `lo` and the first of page `hi`, by their place in the list.
  let lo = 1;
  let loAt = { index: TRIPS_PAGE_SIZE - 1, time: firstSpan.oldest };
  let hi = lastPage;
  let hiAt = { index: (lastPage - 1) * TRIPS_PAGE_SIZE, time: lastSpan.newest };
  let hiTrips = last;
  // When one end keeps moving, the other's weight is halved each time (the Illinois rule of regula falsi), so a burst
  // of trips on one side does not hold every guess near it.
  let loWeight = 1;
  let hiWeight = 1;
  let lastMoved: "lo" | "hi" | null = null;
  // A guess that did not halve the range is followed by a halving.
  let slowGuesses = 0;
  while (hi - lo > 1) {
    const width = hi - lo;
    const above = (loAt.time - day.to) * loWeight;
    const below = (day.to - hiAt.time) * hiWeight;
    const bisect = slowGuesses >= 1 || above + below <= 0;
    const crossing = loAt.index + (above / (above + below)) * (hiAt.index - loAt.index);
    const guessed = bisect ? Math.floor((lo + hi) / 2) : Math.floor(crossing / TRIPS_PAGE_SIZE) + 1;
    const guess = Math.min(hi - 1, Math.max(lo + 1, guessed));
    const trips = await read(guess);
    const guessSpan = span(trips);
    if (!guessSpan) {
      // A page with no readable trips (the history changed under the search): halve from here on.
      lo = guess;
      slowGuesses = 2;
      continue;
    }
    if (guessSpan.oldest >= day.to) {
      lo = guess;
      loAt = { index: guess * TRIPS_PAGE_SIZE - 1, time: guessSpan.oldest };
      if (lastMoved === "lo") hiWeight /= 2;
      else [loWeight, hiWeight] = [1, 1];
      lastMoved = "lo";
    } else if (guessSpan.newest >= day.to) {
      return answer(guess, trips);
    } else {
      hi = guess;
      hiAt = { index: (guess - 1) * TRIPS_PAGE_SIZE, time: guessSpan.newest };
      hiTrips = trips;
      if (lastMoved === "hi") loWeight /= 2;
      else [loWeight, hiWeight] = [1, 1];
      lastMoved = "hi";
    }
    slowGuesses = bisect || hi - lo <= width / 2 ? 0 : slowGuesses + 1;
  }
  return answer(hi, hiTrips);
}
