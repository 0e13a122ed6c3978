import { queryOptions } from "@tanstack/react-query";
import { stillReading } from "@/lib/fleet/progress";
import type { FleetPositionsAnswer } from "@/lib/models/fleet";
import { fetchJson } from "@/lib/result";

/**
 * React-query key and read of the fleet's last known positions, through the dashboard's positions route
 * (app/api/fleet/positions). A failure throws an AppFailure in the route's words.
 */

const fleetKeys = {
  positions: () => ["fleet", "positions"] as const,
};

/**
 * How often the map asks again while the refresher is still reading: each answer carries every position, so not
 * often, and never once every vehicle has been read.
 */
const FLEET_POLL_MS = 10_000;

export function fleetPositionsQuery() {
  return queryOptions({
    queryKey: fleetKeys.positions(),
    queryFn: ({ signal }) => fetchJson<FleetPositionsAnswer>("/api/fleet/positions", { signal, cache: "no-store" }),
    refetchInterval: (query) => {
      const progress = query.state.data?.progress;
      return progress && stillReading(progress) ? FLEET_POLL_MS : false;
    },
  });
}
