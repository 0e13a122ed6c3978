import { LRUCache } from "lru-cache";
import { type DriveRecord, type DriveStore } from "../store/drive-store";
import { type RoutePlan } from "../seed/route-plan";
import { routeOf, type VehicleSource } from "./vehicle-source";

/**
 * The driving events of the Telemetry API's `events` (harsh braking, harsh acceleration, harsh cornering, extreme
 * braking), derived from the drive simulation rather than stored. The route plan brakes, accelerates and turns at
 * steady rates; a real driver's peak is higher than the average of a manoeuvre, by how lively that driver is on that
 * trip. So each trip gets a driving style from its own seed, each manoeuvre of its route a peak from the average the
 * simulation drives it at and a draw of its own, and a peak past the threshold is an event. A calm driver (most trips)
 * stays under every threshold, so a calm trip's route need not be planned at all.
 */

export const EVENT_NAMES = {
  harshBraking: "behavior.harshBraking",
  harshAcceleration: "behavior.harshAcceleration",
  harshCornering: "behavior.harshCornering",
  extremeBraking: "behavior.extremeBraking",
} as const;
export type EventName = (typeof EVENT_NAMES)[keyof typeof EVENT_NAMES];

export interface DriveEvent {
  /** Microseconds since the epoch, inside the trip. */
  timestamp: number;
  name: EventName;
  /** How long the peak stayed past the threshold, in nanoseconds. */
  durationNs: number;
}

const G = 9.80665;
/** Thresholds in m/s², as telematics units commonly set them. */
const HARSH_BRAKING = 0.4 * G;
const EXTREME_BRAKING = 0.6 * G;
const HARSH_ACCELERATION = 0.35 * G;
const HARSH_CORNERING = 0.4 * G;

/** A braking or a pull-off counts from this change of speed (m/s) over its run, and braking from this speed. */
const MIN_SPEED_CHANGE = 3;
const MIN_BRAKING_SPEED = 25 / 3.6;
/** A turn is a change of heading of at least this many degrees in a second, at walking pace or faster. */
const MIN_TURN_DEGREES = 35;
const MIN_TURN_SPEED = 2;
/** The plan turns a corner at once; a driver spreads it over about this many seconds. */
const TURN_SECONDS = 3;

interface Style {
  /** How far past the simulation's average a peak can go: the peak is average × (1 + spread × u³), u in [0, 1). */
  braking: number;
  acceleration: number;
  cornering: number;
}

const BRISK: Style = { braking: 1.0, acceleration: 1.3, cornering: 0.2 };
const AGGRESSIVE: Style = { braking: 1.9, acceleration: 2.0, cornering: 0.45 };

function mix(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A draw in [0, 1) for one manoeuvre of one trip. */
function draw(tokenId: number, seq: number, kind: number, index: number): number {
  return mix(mix(mix(tokenId, seq), kind), index) / 4_294_967_296;
}

/** A trip's driving style: most trips are calm, some brisk, a few aggressive. */
export function tripStyle(tokenId: number, seq: number): "calm" | "brisk" | "aggressive" {
  const u = draw(tokenId, seq, 0, 0);
  return u < 0.8 ? "calm" : u < 0.95 ? "brisk" : "aggressive";
}

const STYLES = { brisk: BRISK, aggressive: AGGRESSIVE };

function peak(average: number, spread: number, u: number): number {
  return average * (1 + spread * u * u * u);
}

function pastThreshold(peakValue: number, threshold: number, seconds: number): number {
  return Math.min(2e9, Math.max(2e8, Math.round(((seconds * (peakValue - threshold)) / peakValue) * 1e9)));
}

/**
 * The events of one trip, in time order, from its route plan: the speed and heading every second from ignition on.
 * Braking and pulling off are runs of falling or rising speed; a turn is a jump of heading at speed.
 */
export function planEvents(tokenId: number, drive: DriveRecord, plan: RoutePlan): DriveEvent[] {
  const kind = tripStyle(tokenId, drive.seq);
  if (kind === "calm") return [];
  const style = STYLES[kind];
  const seconds = Math.floor(Math.min(plan.durationSeconds, (drive.endUs - drive.startUs) / 1e6));
  const speeds = new Float64Array(seconds + 1);
  const headings = new Float64Array(seconds + 1);
  for (let s = 0; s <= seconds; s++) {
    const state = plan.at(s);
    speeds[s] = state.speed;
    headings[s] = state.heading;
  }
  const events: DriveEvent[] = [];
  const at = (second: number) => drive.startUs + Math.round(second * 1e6);
  let brakings = 0;
  let pullOffs = 0;
  let turns = 0;
  let s = 0;
  while (s < seconds) {
    const v0 = speeds[s] as number;
    const rising = (speeds[s + 1] as number) > v0 + 0.1;
    const falling = (speeds[s + 1] as number) < v0 - 0.1;
    if (!rising && !falling) {
      s++;
      continue;
    }
    let e = s + 1;
    while (
      e < seconds &&
      (rising
        ? (speeds[e + 1] as number) > (speeds[e] as number) + 0.1
        : (speeds[e + 1] as number) < (speeds[e] as number) - 0.1)
    )
      e++;
    const change = Math.abs((speeds[e] as number) - v0);
    const length = e - s;
    const average = change / length;
    if (falling && v0 >= MIN_BRAKING_SPEED && change >= MIN_SPEED_CHANGE) {
      const p = peak(average, style.braking, draw(tokenId, drive.seq, 1, brakings++));
      const name =
        p >= EXTREME_BRAKING ? EVENT_NAMES.extremeBraking : p >= HARSH_BRAKING ? EVENT_NAMES.harshBraking : null;
      const threshold = p >= EXTREME_BRAKING ? EXTREME_BRAKING : HARSH_BRAKING;
      if (name) events.push({ timestamp: at(s + length * 0.6), name, durationNs: pastThreshold(p, threshold, length) });
    } else if (rising && v0 < 1 && change >= MIN_SPEED_CHANGE) {
      const p = peak(average, style.acceleration, draw(tokenId, drive.seq, 2, pullOffs++));
      if (p >= HARSH_ACCELERATION) {
        events.push({
          timestamp: at(s + Math.min(2, length * 0.3)),
          name: EVENT_NAMES.harshAcceleration,
          durationNs: pastThreshold(p, HARSH_ACCELERATION, Math.min(length, 4)),
        });
      }
    }
    s = e;
  }
  for (let k = 1; k <= seconds; k++) {
    const turned = Math.abs((((((headings[k] as number) - (headings[k - 1] as number)) % 360) + 540) % 360) - 180);
    const v = speeds[k] as number;
    if (turned < MIN_TURN_DEGREES || v < MIN_TURN_SPEED) continue;
    const lateral = (v * ((turned * Math.PI) / 180)) / TURN_SECONDS;
    const p = peak(lateral, style.cornering, draw(tokenId, drive.seq, 3, turns++));
    if (p >= HARSH_CORNERING) {
      events.push({
        timestamp: at(k - 0.5),
        name: EVENT_NAMES.harshCornering,
        durationNs: pastThreshold(p, HARSH_CORNERING, TURN_SECONDS),
      });
    }
  }
  return events.sort((a, b) => a.timestamp - b.timestamp);
}

const NONE: readonly DriveEvent[] = Object.freeze([]);
/** Trips' events, the least recently used dropped first past the bound; a trip's events never change, so none expires. */
const cache = new LRUCache<string, readonly DriveEvent[]>({ max: 50_000 });

/**
 * The events of one trip, cached; a calm trip has none, so its route is not planned. Keyed by its start too: a live
 * vehicle's drive written again after the clock went back may leave at another time.
 */
function tripEvents(source: VehicleSource, drive: DriveRecord): readonly DriveEvent[] {
  const key = `${source.tokenId}:${drive.seq}:${drive.startUs}`;
  const cached = cache.get(key);
  if (cached) return cached;
  let events: readonly DriveEvent[];
  if (tripStyle(source.tokenId, drive.seq) === "calm") events = NONE;
  else {
    const found = planEvents(source.tokenId, drive, routeOf(source, drive));
    events = found.length > 0 ? found : NONE;
  }
  cache.set(key, events);
  return events;
}

/** The trips (and the one under way at `fromUs`) that may hold events in [fromUs, toUs). */
function tripsIn(drives: DriveStore, tokenId: number, fromUs: number, toUs: number): DriveRecord[] {
  if (toUs <= fromUs) return [];
  // The store's range is strict at both ends; the trip begun at or before `fromUs` comes from its own query.
  const before = drives.lastStartedBy(tokenId, fromUs);
  const inside = drives.startedBetween(tokenId, fromUs, toUs);
  return before && before.endUs > fromUs ? [before, ...inside] : inside;
}

/** Every event of a vehicle with fromUs <= timestamp < toUs, in time order. */
export function eventsBetween(source: VehicleSource, fromUs: number, toUs: number): DriveEvent[] {
  const out: DriveEvent[] = [];
  for (const drive of tripsIn(source.drives, source.tokenId, fromUs, toUs)) {
    for (const event of tripEvents(source, drive)) {
      if (event.timestamp >= fromUs && event.timestamp < toUs) out.push(event);
    }
  }
  return out;
}

/** How many events of each name a list holds. */
export function countByName(events: readonly DriveEvent[]): Map<EventName, number> {
  const counts = new Map<EventName, number>();
  for (const event of events) counts.set(event.name, (counts.get(event.name) ?? 0) + 1);
  return counts;
}

export interface TripWithEvents {
  tokenId: number;
  seq: number;
  startUs: number;
  endUs: number;
  counts: Partial<Record<EventName, number>>;
}

/**
 * For tests: the newest trips of a seeded vehicle begun before `beforeUs` (within `lookBackUs`) that have exactly
 * `count` events named `name`, newest first. A trip's events depend only on the vehicle and the trip's place in its
 * life, so the same trip is found in every sandbox seeded alike.
 */
export function tripsWithEvents(
  source: VehicleSource,
  name: EventName,
  count: number,
  beforeUs: number,
  lookBackUs = 30 * 86_400e6,
): TripWithEvents[] {
  const drives = source.drives.startedBetween(source.tokenId, beforeUs - lookBackUs, beforeUs);
  const found: TripWithEvents[] = [];
  for (let i = drives.length - 1; i >= 0; i--) {
    const drive = drives[i] as DriveRecord;
    const counts = countByName(tripEvents(source, drive));
    if ((counts.get(name) ?? 0) !== count) continue;
    found.push({
      tokenId: source.tokenId,
      seq: drive.seq,
      startUs: drive.startUs,
      endUs: drive.endUs,
      counts: Object.fromEntries(counts),
    });
  }
  return found;
}
