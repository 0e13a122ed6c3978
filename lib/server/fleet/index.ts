import "server-only";
import { getConfig } from "@/lib/config";
import { type DimoClient, getDimoClient } from "@/lib/dimo";
import { isDimoError } from "@/lib/dimo/errors";
import { pacedRatePerSecond } from "@/lib/dimo/pacer";
import type { FleetPositionsAnswer, FleetPositionsView } from "@/lib/models/fleet";
import type { Vehicle } from "@/lib/models";
import { processWide } from "@/lib/process-wide";
import { DIMO_RATE_LIMITS } from "@/lib/protocol";
import { type CappedLogStore, type CounterStore, type KeyValueStore, getStores } from "@/lib/store";
import { toFailure } from "../failure";
import { guarded } from "../guard";
import { noInput } from "../inputs";
import { vehicleRoster } from "../roster";
import { PositionStore } from "./position-store";
import { HINTS_PER_MINUTE, HINT_EVERY_MS, hintedVehicle } from "./hints";
import { PositionRefresher, type RefresherTimings } from "./refresher";
import { fleetPositionsView } from "./view";

/**
 * The fleet's last known positions, as the fleet map and the fleet's summary read them: kept in the shared store with
 * their age, filled by one background refresher for every instance sharing it from the Telemetry API alone; a webhook
 * delivery to the dashboard's inbox may only hint that a vehicle is worth reading again sooner.
 */

export interface FleetPositionsDeps {
  client: DimoClient;
  keyValue: KeyValueStore;
  logs: CappedLogStore;
  counters: CounterStore;
  clientId: string;
  vehicleContract: string;
  roster(): Promise<readonly Vehicle[]>;
  timings?: Partial<RefresherTimings>;
}

/**
 * One Telemetry API request a vehicle: the fleet's pace at DIMO's limits is the pacer's for that service (the token
 * exchange's and the identity API's limits are higher).
 */
const PACED_VEHICLES_PER_SECOND = pacedRatePerSecond(DIMO_RATE_LIMITS, "telemetry") ?? 1;

/** A refusal that is the vehicle's own (its grant, an unknown id), not the service's, the network's or the license's. */
const isVehicleFailure = (error: unknown) =>
  isDimoError(error) && !error.retryable && error.status !== 401 && error.service !== "auth";

export class FleetPositions {
  readonly store: PositionStore;
  readonly refresher: PositionRefresher;

  constructor(private readonly deps: FleetPositionsDeps) {
    this.store = new PositionStore(deps.keyValue, deps.logs, deps.clientId);
    this.refresher = new PositionRefresher({
      store: this.store,
      roster: deps.roster,
      readPosition: (tokenId) => deps.client.getLastPosition(tokenId),
      isVehicleFailure,
      describe: (error) => toFailure(error, "fleet positions"),
      now: Date.now,
      timings: deps.timings,
    });
  }

  /** The positions now; starts the refresher here when it is not running yet (another instance may hold the lock). */
  async read(): Promise<FleetPositionsView> {
    this.refresher.start();
    const nowMs = Date.now();
    const [vehicles, records, state, running] = await Promise.all([
      this.deps.roster(),
      this.store.readAll(),
      this.store.readState(),
      this.store.isHeld(),
      this.store.noteViewed(nowMs),
    ]);
    return fleetPositionsView({
      vehicles,
      records,
      state,
      running,
      pacedRate: PACED_VEHICLES_PER_SECOND,
      nowMs,
    });
  }

  /**
   * Takes a delivery as a hint that its vehicle is worth reading again: only for a vehicle the refresher reads, at most
   * once per vehicle per HINT_EVERY_MS and HINTS_PER_MINUTE for the license (hints.ts), so no flood of posts drives
   * more Telemetry API requests than that. What the delivery says of the vehicle is not kept. True when taken.
   */
  async noteHint(body: unknown, at: number): Promise<boolean> {
    const tokenId = hintedVehicle(body, this.deps.vehicleContract);
    if (tokenId === null || !(await this.store.hasRecord(tokenId))) return false;
    // The vehicle's period is looked at before the license's minute is counted, so a flood about one vehicle does not
    // use up the minute, and taken only after, so a vehicle the minute refused is taken in the next.
    const hinted = this.store.key(`hinted:${tokenId}`);
    if ((await this.deps.keyValue.get(hinted)) !== null) return false;
    const { count } = await this.deps.counters.increment(this.store.key("hints-this-minute"), 60_000);
    if (count > HINTS_PER_MINUTE) return false;
    if (!(await this.deps.keyValue.setIfAbsent(hinted, String(at), HINT_EVERY_MS))) return false;
    await this.store.hint(tokenId, at);
    this.refresher.nudge();
    return true;
  }
}

/** The app's fleet positions: the one DIMO client, the shared stores and the license's roster. */
export function fleetPositions(): FleetPositions {
  return processWide("fleet-positions", () => {
    const stores = getStores();
    const config = getConfig();
    return new FleetPositions({
      client: getDimoClient(),
      keyValue: stores.tolerant.keyValue,
      logs: stores.logs,
      counters: stores.counters,
      clientId: config.license.clientId,
      vehicleContract: config.vehicleContract,
      roster: async () => (await vehicleRoster().vehicles()).vehicles,
    });
  });
}

/** The license's vehicles' positions, names, last times seen and the refresher's progress; the first call starts it. */
export function readFleetPositions(): Promise<FleetPositionsView> {
  return fleetPositions().read();
}

/** What the map needs of them, for a route, behind the session check. */
export const getFleetPositions = guarded(noInput, async function fleetPositionsRead(): Promise<FleetPositionsAnswer> {
  const { positions, progress, nowMs } = await readFleetPositions();
  return { positions, progress, nowMs };
});

/**
 * A delivery that reached the dashboard's inbox, as a hint about its vehicle (FleetPositions.noteHint). Never throws:
 * the delivery is recorded in the inbox whatever becomes of this.
 */
export async function noteFleetHint(body: unknown): Promise<void> {
  try {
    await fleetPositions().noteHint(body, Date.now());
  } catch (error) {
    toFailure(error, "a fleet hint from a delivery");
  }
}
