import { type DriveStore } from "../../store/drive-store";
import { type EventName, eventsBetween } from "../../telemetry/events";
import { type VehicleSource } from "../../telemetry/samples";

/**
 * `dataSummary.eventDataSummary`: for each event name the vehicle has had, how many over all time and when the first
 * and the last were, ordered by name, as the real service reads them from its event summary table (whatever the
 * signal filter says). The sandbox derives events from the trips, so an all-time count walks every trip; it is kept
 * per vehicle, extended as time passes and trips are added, and started again when the trips before it changed.
 */

export interface EventSummary {
  name: EventName;
  numberOfEvents: number;
  /** Microseconds since the epoch. */
  firstSeen: number;
  lastSeen: number;
}

interface Tally {
  /** Events before this time are counted. */
  uptoUs: number;
  /** How many trips had started by then, to notice a store seeded again. */
  trips: number;
  byName: Map<EventName, EventSummary>;
}

const tallies = new WeakMap<DriveStore, Map<number, Tally>>();

function tripsStartedBefore(source: VehicleSource, us: number): number {
  return source.drives.countStartedBetween(source.tokenId, Number.MIN_SAFE_INTEGER, us);
}

function tallyOf(source: VehicleSource, nowUs: number): Tally {
  let perVehicle = tallies.get(source.drives);
  if (!perVehicle) {
    perVehicle = new Map();
    tallies.set(source.drives, perVehicle);
  }
  const kept = perVehicle.get(source.tokenId);
  const usable = kept && kept.uptoUs <= nowUs && tripsStartedBefore(source, kept.uptoUs) === kept.trips;
  const tally = usable ? kept : { uptoUs: Number.MIN_SAFE_INTEGER, trips: 0, byName: new Map() };
  for (const event of eventsBetween(source, tally.uptoUs, nowUs)) {
    const summary = tally.byName.get(event.name);
    if (!summary) {
      tally.byName.set(event.name, {
        name: event.name,
        numberOfEvents: 1,
        firstSeen: event.timestamp,
        lastSeen: event.timestamp,
      });
    } else {
      summary.numberOfEvents += 1;
      summary.lastSeen = Math.max(summary.lastSeen, event.timestamp);
    }
  }
  tally.uptoUs = nowUs;
  tally.trips = tripsStartedBefore(source, nowUs);
  perVehicle.set(source.tokenId, tally);
  return tally;
}

export function eventSummaries(source: VehicleSource | null, nowUs: number): EventSummary[] {
  if (!source) return [];
  const summaries = [...tallyOf(source, nowUs).byName.values()].map((summary) => ({ ...summary }));
  return summaries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
