import { sandboxControl } from "@/sandbox/control-client";
import { getDeveloperJwt, getVehicleJwt } from "@/sandbox/flow-client";
import { type Session, viewTripsPage, viewTripsPageAsBrowser } from "./dashboard-client";
import { type UpstreamCounts, classifyRoutes, perView } from "./upstream-counts";
import { sized } from "./size";

/**
 * Item 1: upstream requests per trips page view, counted by the sandbox. The dashboard is measured on the trips page
 * itself (what opening or reloading a trips URL costs); then on a whole view as the browser makes it, with the next
 * page's prefetch and the trips map's routes, counted service by service; beside them, the same page views made the
 * naive way, with no cache: challenge, submit, exchange and data call for every view.
 */

/** Warm views of one trips page as the browser makes them (viewTripsPageAsBrowser), after one that warms its routes. */
export interface BrowserViews {
  page: number;
  views: number;
  /** Everything the views cost together. */
  total: UpstreamCounts;
  perView: UpstreamCounts;
}

export interface UpstreamResults {
  tokenId: number;
  dashboard: { coldView: UpstreamCounts; warmView: UpstreamCounts; warmViews: number; concurrentCold: UpstreamCounts };
  /** Absent from results written before it was measured. */
  browserViews?: BrowserViews;
  naive: { view: UpstreamCounts; concurrentCold: UpstreamCounts };
  concurrency: number;
}

export const CONCURRENT_VIEWS = sized(50, 3);
const WARM_VIEWS = sized(10, 1);
/** A page past the first, as when paging through a vehicle's trips; the vehicle measured has pages after it. */
const BROWSER_VIEW_PAGE = 2;
export const BROWSER_VIEWS = sized(3, 1);

/** Counts the upstream requests `work` causes. */
async function counted(sandboxUrl: string, work: () => Promise<unknown>): Promise<UpstreamCounts> {
  const control = sandboxControl(sandboxUrl);
  await control.resetStats();
  await work();
  return classifyRoutes((await control.stats()).routes);
}

/** One view without a cache: a new Developer JWT, a new Vehicle JWT and the trips call, every time. */
async function naiveView(sandboxUrl: string, tokenId: number): Promise<void> {
  const developer = await getDeveloperJwt(sandboxUrl);
  const vehicle = await getVehicleJwt(sandboxUrl, developer, tokenId, [1, 4, 5]);
  const response = await fetch(`${sandboxUrl}/trips/v1/vehicle/${tokenId}/trips?page=1`, {
    headers: { authorization: `Bearer ${vehicle}` },
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`the naive trips call answered ${response.status}`);
}

const times = (count: number, work: (index: number) => Promise<unknown>) =>
  Promise.all(Array.from({ length: count }, (_, i) => work(i)));

export interface UpstreamSetup {
  sandboxUrl: string;
  tokenId: number;
  /** A dashboard that has served no vehicle page yet (no DIMO tokens cached); it is warm afterwards. */
  fresh: Session;
  /** Starts another fresh dashboard for the concurrent cold views and stops it after. */
  withAnotherFreshDashboard: <T>(measure: (session: Session) => Promise<T>) => Promise<T>;
}

export async function measureUpstream(setup: UpstreamSetup): Promise<UpstreamResults> {
  const { sandboxUrl, tokenId, fresh } = setup;
  const coldView = await counted(sandboxUrl, () => viewTripsPage(fresh, tokenId));
  const warm = await counted(sandboxUrl, async () => {
    for (let i = 0; i < WARM_VIEWS; i++) await viewTripsPage(fresh, tokenId);
  });
  // The first view reads the page's routes from the Telemetry API; the views counted find them kept, as a reload does.
  await viewTripsPageAsBrowser(fresh, tokenId, BROWSER_VIEW_PAGE);
  const browserTotal = await counted(sandboxUrl, async () => {
    for (let i = 0; i < BROWSER_VIEWS; i++) await viewTripsPageAsBrowser(fresh, tokenId, BROWSER_VIEW_PAGE);
  });
  const concurrentCold = await setup.withAnotherFreshDashboard((session) =>
    counted(sandboxUrl, () => times(CONCURRENT_VIEWS, () => viewTripsPage(session, tokenId))),
  );
  const naiveSingle = await counted(sandboxUrl, () => naiveView(sandboxUrl, tokenId));
  const naiveConcurrent = await counted(sandboxUrl, () =>
    times(CONCURRENT_VIEWS, () => naiveView(sandboxUrl, tokenId)),
  );
  return {
    tokenId,
    dashboard: { coldView, warmView: perView(warm, WARM_VIEWS), warmViews: WARM_VIEWS, concurrentCold },
    browserViews: {
      page: BROWSER_VIEW_PAGE,
      views: BROWSER_VIEWS,
      total: browserTotal,
      perView: perView(browserTotal, BROWSER_VIEWS),
    },
    naive: { view: naiveSingle, concurrentCold: naiveConcurrent },
    concurrency: CONCURRENT_VIEWS,
  };
}
