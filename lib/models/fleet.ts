/**
 * Where the license's vehicles are, as the fleet map and the fleet's summary read it: last known positions kept by
 * the position refresher (lib/server/fleet/), never more than one record a vehicle. Client-safe: types only.
 */

export interface FleetPosition {
  tokenId: number;
  /** The vehicle's name as the list shows it, for the map's list of the vehicles under a click. */
  name: string;
  lat: number;
  lon: number;
  /**
   * True when the grant gives only the approximate location (DIMO's H3 cell centre): drawn as an area, not a pin.
   */
  approximate: boolean;
  /** When the vehicle sent this position, epoch milliseconds. */
  atMs: number;
}

export interface FleetRefreshProgress {
  /** Vehicles in the roster. */
  total: number;
  /** Vehicles whose position the refresher holds. */
  withPosition: number;
  /** Vehicles read at least once (a position or not), and those whose grant gives no location: never asked for one. */
  read: number;
  withoutLocationGrant: number;
  /** Seconds to read the vehicles not yet read, at DIMO's rate limits; null when none remain. */
  remainingSeconds: number | null;
  /** Whether a refresher (in this instance or another sharing the store) is reading now. */
  running: boolean;
  /** Why the last read failed, in words for people; null when it did not. */
  failure: string | null;
}

export interface FleetPositionsView {
  positions: FleetPosition[];
  progress: FleetRefreshProgress;
  /** Last time each read vehicle was seen (any signal), epoch milliseconds, by token id: the summary's "not seen". */
  lastSeenMs: Record<number, number>;
  nowMs: number;
}

/**
 * What the positions route answers the map: the positions and the refresher's progress. The per-vehicle last-seen
 * times stay on the server, where the fleet's summary counts them: the map does not use them, and for a large fleet
 * they would add a record a vehicle to every poll.
 */
export type FleetPositionsAnswer = Pick<FleetPositionsView, "positions" | "progress" | "nowMs">;
