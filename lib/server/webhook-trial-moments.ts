import { type Trip } from "@/lib/models";
import { TRIAL_MAX_MOMENTS, type TrialMoment } from "./webhook-trial-types";

/**
 * A trial's firings as the timeline shows them: the firings inside one trip become one moment (the first, with how
 * many it stands for) linked to that trip on the trips page; a firing outside every trip stands alone. Pure, and
 * linear in firings and trips, since a frequent condition fires tens of thousands of times a week.
 */

export interface PagedTrip {
  trip: Trip;
  /** The Trips API page the trip is on. */
  page: number;
}

export function trialMoments(
  tokenId: number,
  fired: readonly { at: number; words: string }[],
  trips: readonly PagedTrip[],
): TrialMoment[] {
  const spans = trips
    .map((paged) => ({ paged, start: Date.parse(paged.trip.start.time), end: Date.parse(paged.trip.end.time) }))
    .filter((span) => Number.isFinite(span.start) && Number.isFinite(span.end))
    .sort((a, b) => a.start - b.start);
  const moments: TrialMoment[] = [];
  let next = 0;
  for (const firing of [...fired].sort((a, b) => a.at - b.at)) {
    while (next < spans.length && (spans[next]?.end ?? 0) < firing.at) next += 1;
    const span = spans[next];
    const holder = span && span.start <= firing.at ? span.paged : undefined;
    const tripHref = holder
      ? `/vehicles/${tokenId}/trips?page=${holder.page}&trip=${encodeURIComponent(holder.trip.id)}`
      : null;
    const last = moments.at(-1);
    if (tripHref !== null && last?.tripHref === tripHref) {
      last.count += 1;
      continue;
    }
    if (moments.length === TRIAL_MAX_MOMENTS) break;
    moments.push({ at: new Date(firing.at).toISOString(), value: firing.words, tripHref, count: 1 });
  }
  return moments;
}
