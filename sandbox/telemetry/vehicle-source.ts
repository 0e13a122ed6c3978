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

const ROUTE_CACHE_LIMIT = 4000;
const routes = new Map<string, RoutePlan>();

/** The route of one trip, kept in a small LRU: a chart redrawn over the same day drives the same routes. */
export function routeOf(source: VehicleSource, drive: DriveRecord): RoutePlan {
  const key = `${source.tokenId}:${drive.seq}`;
  const cached = routes.get(key);
  if (cached) {
    routes.delete(key);
    routes.set(key, cached);
    return cached;
  }
  const plan = tripRoute(source.tokenId, METROS[source.metro], drive.seq, drive.start, drive.end);
  routes.set(key, plan);
  if (routes.size > ROUTE_CACHE_LIMIT) routes.delete(routes.keys().next().value as string);
  return plan;
}
