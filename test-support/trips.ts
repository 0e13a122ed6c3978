import type { LatLng, Trip, TripsPage } from "@/lib/models";

/** A trip for tests: Las Vegas to Henderson unless told otherwise. */
export function makeTrip(
  overrides: {
    id?: string;
    start?: LatLng | null;
    end?: LatLng | null;
    estimated?: LatLng | null;
    startTime?: string;
    endTime?: string;
    droppedData?: boolean;
  } = {},
): Trip {
  return {
    id: overrides.id ?? "2hyZ4PrT9NNTLJXXRufpPFUPUxn",
    start: {
      time: overrides.startTime ?? "2024-06-16T20:01:25.397535Z",
      location: overrides.start === undefined ? { latitude: 36.1699, longitude: -115.1398 } : overrides.start,
      estimatedLocation: overrides.estimated ?? null,
    },
    end: {
      time: overrides.endTime ?? "2024-06-16T20:31:25.397535Z",
      location: overrides.end === undefined ? { latitude: 36.0395, longitude: -114.9817 } : overrides.end,
      estimatedLocation: null,
    },
    droppedData: overrides.droppedData ?? false,
  };
}

/**
 * A fake trips service: `total` trips, 100 a page, newest first, each answer after a delay chosen per page. Trip ids
 * count from the oldest (`trip-0`), so they stay put when `add` drives new trips in at the front, as a real vehicle's
 * do.
 */
export function fakeTripsService(total: number, delayMs: (page: number) => number = () => 1) {
  let count = total;
  let running = 0;
  const stats = { requested: [] as number[], maxRunning: 0 };
  const fetchPage = async (page: number): Promise<TripsPage> => {
    stats.requested.push(page);
    running++;
    stats.maxRunning = Math.max(stats.maxRunning, running);
    await new Promise((resolve) => setTimeout(resolve, delayMs(page)));
    running--;
    const first = (page - 1) * 100;
    const size = Math.max(0, Math.min(100, count - first));
    const trips = Array.from({ length: size }, (_, i) => makeTrip({ id: `trip-${count - 1 - (first + i)}` }));
    return { trips, totalPages: Math.ceil(count / 100), currentPage: page };
  };
  return {
    fetchPage,
    stats,
    /** New trips, ended after every trip so far. */
    add(trips: number) {
      count += trips;
    },
  };
}
