import type { TripPathResult } from "@/lib/models";
import { type CookieJar } from "./cookies";

/**
 * The dashboard's server paths for trips, called over HTTP as the browser calls them: the trips page itself
 * (server-rendered with page N's trips), the trips route (`GET /api/vehicles/N/trips?page=P`), through which the
 * page's client loads every other page, and the paths route the trips map reads a page's routes through; and the bare
 * route the trips route's throughput is compared with.
 */

export interface Session {
  baseUrl: string;
  jar: CookieJar;
}

export interface RouteTripsPage {
  /** The trips as the route returned them (the app's Trip shape). */
  trips: unknown[];
  totalPages: number;
}

/** The trips page inside a trips route answer; throws when the route refused or answered something else. */
export function readTripsPage(status: number, body: string): RouteTripsPage {
  let value: { trips?: unknown; totalPages?: unknown; error?: { code?: unknown } };
  try {
    value = JSON.parse(body) as typeof value;
  } catch {
    throw new Error(
      `the trips route answered ${status} with ${body.length} bytes that are not JSON: ${body.slice(0, 80)}`,
    );
  }
  if (status !== 200)
    throw new Error(`the trips route answered ${status}: ${String(value.error?.code ?? "no error code")}`);
  if (!Array.isArray(value.trips) || typeof value.totalPages !== "number")
    throw new Error("the trips route answered without a trips page");
  return { trips: value.trips, totalPages: value.totalPages };
}

/** GETs one page from the trips route exactly as the trips page's client does; resolves with the raw answer. */
export async function requestTripsRoute(
  session: Session,
  tokenId: number,
  page: number,
): Promise<{ status: number; body: string }> {
  const response = await fetch(`${session.baseUrl}/api/vehicles/${tokenId}/trips?page=${page}`, {
    headers: { cookie: session.jar.header() },
  });
  return { status: response.status, body: await response.text() };
}

/** One page of trips through the trips route. */
export async function fetchTripsPage(session: Session, tokenId: number, page: number): Promise<RouteTripsPage> {
  const { status, body } = await requestTripsRoute(session, tokenId, page);
  return readTripsPage(status, body);
}

/** A route that does nothing: what a request costs the server itself, the baseline of the load test's throughput. */
export const BARE_ROUTE = "/api/health";

/** GETs the bare route with the session's cookie, as the trips route is called; throws unless it answered as it should. */
export async function fetchBareRoute(session: Session): Promise<void> {
  const response = await fetch(`${session.baseUrl}${BARE_ROUTE}`, { headers: { cookie: session.jar.header() } });
  const body = await response.text();
  if (response.status !== 200 || body !== JSON.stringify({ ok: true })) {
    throw new Error(`GET ${BARE_ROUTE} answered ${response.status}: ${body.slice(0, 80)}`);
  }
}

/** The trips page's HTML, server-rendered with the page's trips; throws unless the trips list is in it. */
export async function viewTripsPage(session: Session, tokenId: number, page = 1): Promise<number> {
  const response = await fetch(`${session.baseUrl}/vehicles/${tokenId}/trips?page=${page}`, {
    redirect: "manual",
    headers: { cookie: session.jar.header() },
  });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`the trips page of ${tokenId} answered ${response.status}`);
  if (!html.includes('data-testid="trips-view"'))
    throw new Error(`the trips page of ${tokenId} came without its trips`);
  return html.length;
}

/** A page's routes through the paths route (`GET /api/vehicles/N/trips/paths?page=P`), read to the end. */
export async function fetchTripPaths(
  session: Session,
  tokenId: number,
  page: number,
): Promise<{ results: TripPathResult[]; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${session.baseUrl}/api/vehicles/${tokenId}/trips/paths?page=${page}`, {
    headers: { cookie: session.jar.header() },
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`the paths route answered ${response.status}`);
  const results = text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as { type: string } & TripPathResult)
    .filter((message) => message.type === "path");
  return { results, ms };
}

/**
 * A view of page `page` as the browser makes it: the page's HTML (its trips read on the server), then, side by side,
 * the prefetch of the next page through the trips route and the page's routes through the paths route.
 */
export async function viewTripsPageAsBrowser(session: Session, tokenId: number, page: number): Promise<void> {
  await viewTripsPage(session, tokenId, page);
  await Promise.all([fetchTripsPage(session, tokenId, page + 1), fetchTripPaths(session, tokenId, page)]);
}
