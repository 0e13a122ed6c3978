/**
 * The sandbox's request counters, grouped by what the dashboard's caches are meant to save: authentication
 * (challenge and submit), token exchanges, identity queries and data calls (the Trips API's, the Telemetry API's and
 * the rest).
 */

export interface UpstreamCounts {
  total: number;
  /** generate_challenge and submit_challenge: two per Developer JWT. */
  auth: number;
  exchanges: number;
  identity: number;
  trips: number;
  telemetry: number;
  other: number;
}

export const NO_REQUESTS: UpstreamCounts = {
  total: 0,
  auth: 0,
  exchanges: 0,
  identity: 0,
  trips: 0,
  telemetry: 0,
  other: 0,
};

/** Groups the counters' route keys ("POST /auth/auth/web3/generate_challenge": 3, ...). */
export function classifyRoutes(routes: Readonly<Record<string, number>>): UpstreamCounts {
  const counts = { ...NO_REQUESTS };
  for (const [key, count] of Object.entries(routes)) {
    const path = key.slice(key.indexOf(" ") + 1);
    counts.total += count;
    if (/^\/auth\/auth\/web3\/(generate|submit)_challenge$/.test(path)) counts.auth += count;
    else if (/^\/token-exchange\/v1\/tokens\/exchange$/.test(path)) counts.exchanges += count;
    else if (path.startsWith("/identity/")) counts.identity += count;
    else if (path.startsWith("/trips/")) counts.trips += count;
    else if (path.startsWith("/telemetry/")) counts.telemetry += count;
    else counts.other += count;
  }
  return counts;
}

/** Counts per view when `views` views were made: steady-state figures come out as averages. */
export function perView(counts: UpstreamCounts, views: number): UpstreamCounts {
  if (!Number.isInteger(views) || views < 1)
    throw new RangeError(`views must be a positive whole number, got ${views}`);
  const each = (value: number) => value / views;
  return {
    total: each(counts.total),
    auth: each(counts.auth),
    exchanges: each(counts.exchanges),
    identity: each(counts.identity),
    trips: each(counts.trips),
    telemetry: each(counts.telemetry),
    other: each(counts.other),
  };
}

/** "5 (2 auth, 1 exchange, 1 identity, 1 trips)": the total and what it was made of, service by service. */
export function describeCounts(counts: UpstreamCounts): string {
  const parts = [
    counts.auth ? `${counts.auth} auth` : "",
    counts.exchanges ? `${counts.exchanges} exchange${counts.exchanges === 1 ? "" : "s"}` : "",
    counts.identity ? `${counts.identity} identity` : "",
    counts.trips ? `${counts.trips} trips` : "",
    counts.telemetry ? `${counts.telemetry} telemetry` : "",
    counts.other ? `${counts.other} other` : "",
  ].filter(Boolean);
  return parts.length ? `${counts.total} (${parts.join(", ")})` : String(counts.total);
}
