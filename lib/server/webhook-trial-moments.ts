import "server-only";
import { type Trip } from "@/lib/models";
import { TRIAL_MAX_MOMENTS, type TrialMoment } from "@/lib/models/webhook-trial";

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

/** `words` puts a firing into words; it is called only for the firings that start a moment. */
export function trialMoments<F extends { at: number }>(
  tokenId: number,
  fired: readonly F[],
  trips: readonly PagedTrip[],
  words: (firing: F) => string,
): TrialMoment[] {
  const spans = trips
    .map((paged) => ({ paged, start: Date.parse(paged.trip.start.time), end: Date.parse(paged.trip.end.time) }))
    .filter((span) => Number.isFinite(span.start) && Number.isFinite(span.end))
    .sort((a, b) => a.start - b.start);
  const moments: TrialMoment[] = [];
  let next = 0;
  let lastHolder: PagedTrip | undefined;
  for (const firing of [...fired].sort((a, b) => a.at - b.at)) {
    while (next < spans.length && (spans[next]?.end ?? 0) < firing.at) next += 1;
    const span = spans[next];
    const holder = span && span.start <= firing.at ? span.paged : undefined;
    const last = moments.at(-1);
    if (holder && last && lastHolder === holder) {
      last.count += 1;
      continue;
    }
    if (moments.length === TRIAL_MAX_MOMENTS) break;
    const tripHref = holder
      ? `/vehicles/${tokenId}/trips?page=${holder.page}&trip=${encodeURIComponent(holder.trip.id)}`
      : null;
    moments.push({ at: new Date(firing.at).toISOString(), value: words(firing), tripHref, count: 1 });
    lastHolder = holder;
  }
  return moments;
}
