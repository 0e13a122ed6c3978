import { LRUCache } from "lru-cache";
import { type MetroId, METROS } from "../seed/metros";
import { type Powertrain } from "../seed/energy";
import { type RoutePlan } from "../seed/route-plan";
import { tripRoute } from "../seed/trip-generator";
import { type DriveRecord, type DriveStore } from "../store/drive-store";
import { type VehicleProfile } from "./signals/vehicle-profile";

/** What the samples of one vehicle are generated from: where it drives, what it is, and its recorded trips. */
export interface VehicleSource {
  tokenId: number;
  metro: MetroId;
  powertrain: Powertrain;
  vehicle: VehicleProfile;
  drives: DriveStore;
}

/**
 * Routes already drawn, by vehicle and trip: a chart redrawn over the same day drives the same routes. A route never
 * changes, so none expires; the bound keeps memory flat while a long history is generated, the least recently used
 * dropped first.
 */
const routes = new LRUCache<string, RoutePlan>({ max: 4_000 });

/** The route of one trip, drawn once and kept while it is in use. */
export function routeOf(source: VehicleSource, drive: DriveRecord): RoutePlan {
  const key = `${source.tokenId}:${drive.seq}`;
  const cached = routes.get(key);
  if (cached) return cached;
  const plan = tripRoute(source.tokenId, METROS[source.metro], drive.seq, drive.start, drive.end);
  routes.set(key, plan);
  return plan;
}
