import {
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLResolveInfo,
  Kind,
  type SelectionSetNode,
} from "graphql";
import { type FloatAggregation, type LocationAggregation } from "@/lib/telemetry-signals";
import {
  collectSamples,
  DRIVE_EVERY_US,
  PARKED_EVERY_US,
  type Samples,
  SLOW_TICKS,
  type VehicleSource,
} from "../../telemetry/samples";
import { ALL_SIGNALS, signalDefinition, storedSignals } from "../../telemetry/signals";
import { APPROXIMATE_LOCATION_SIGNAL, IGNITION_SIGNAL, LOCATION_SIGNAL } from "../../telemetry/signals/names";
import {
  type FloatFilter,
  floatAggregate,
  type LocationFilter,
  locationAggregate,
  matchesFloat,
  matchesLocation,
  stringAggregate,
  type StringAggregation,
} from "./aggregate";
import { parseGoDuration } from "./duration";
import { approximate } from "./vehicle-data";

/** The signal queries: latest values, interval buckets, the snapshot, the list of signals and the data summary. */

/** A window with more trips than this is refused as the real service refuses a query estimated to run too long. */
export const MAX_TRIPS_PER_SIGNALS_QUERY = 20_000;

export function badRequest(message: string): GraphQLError {
  // The real service's bad-request errors carry this code, and (a quirk of its error helper) this reason.
  return new GraphQLError(message, { extensions: { reason: "Internal Server Error", code: "BAD_REQUEST" } });
}

/** The names of the fields selected under the current field, through fragments too. */
export function selectedFields(info: GraphQLResolveInfo): Set<string> {
  const names = new Set<string>();
  const visit = (set: SelectionSetNode | undefined) => {
    for (const selection of set?.selections ?? []) {
      if (selection.kind === Kind.FIELD) names.add(selection.name.value);
      else if (selection.kind === Kind.INLINE_FRAGMENT) visit(selection.selectionSet);
      else {
        const fragment: FragmentDefinitionNode | undefined = info.fragments[selection.name.value];
        visit(fragment?.selectionSet);
      }
    }
  };
  for (const node of info.fieldNodes as readonly FieldNode[]) visit(node.selectionSet);
  return names;
}

/** The stored signals a selection needs (the approximate location is computed from the precise one). */
export function wantedSignals(selected: ReadonlySet<string>): Set<string> {
  const wanted = new Set<string>();
  for (const name of selected) {
    if (name === APPROXIMATE_LOCATION_SIGNAL) wanted.add(LOCATION_SIGNAL);
    else if (signalDefinition(name)) wanted.add(name);
  }
  return wanted;
}

export interface LatestValue {
  timestamp: number;
  value: number | string | { latitude: number; longitude: number; hdop: number };
}

/**
 * The latest sample at `nowUs` of each stored signal (of the `wanted` ones only, when given), and the last time
 * anything was sent: the ignition's last sample, since it goes with every drive tick, arrival and parked heartbeat.
 */
export function latestValues(
  source: VehicleSource,
  nowUs: number,
  wanted?: ReadonlySet<string>,
): { lastSeen: number | null; values: Map<string, LatestValue> } {
  const values = new Map<string, LatestValue>();
  const last = source.drives.lastStartedBy(source.tokenId, nowUs - 1);
  if (!last) return { lastSeen: null, values };
  const stored = storedSignals(source.vehicle);
  const collected = new Set(wanted ? stored.filter((name) => wanted.has(name)) : stored);
  collected.add(IGNITION_SIGNAL);
  const samples = collectSamples(source, last.startUs, nowUs, collected);
  let lastSeen = 0;
  for (const [name, series] of samples.floats) {
    const i = series.t.length - 1;
    if (i < 0) continue;
    values.set(name, { timestamp: series.t[i] as number, value: series.v[i] as number });
    lastSeen = Math.max(lastSeen, series.t[i] as number);
  }
  const loc = samples.location;
  const li = loc.t.length - 1;
  if (li >= 0) {
    const value = { latitude: loc.lat[li] as number, longitude: loc.lon[li] as number, hdop: loc.hdop[li] as number };
    values.set(LOCATION_SIGNAL, { timestamp: loc.t[li] as number, value });
    values.set(APPROXIMATE_LOCATION_SIGNAL, {
      timestamp: loc.t[li] as number,
      value: { ...approximate(value.latitude, value.longitude), hdop: value.hdop },
    });
    lastSeen = Math.max(lastSeen, loc.t[li] as number);
  }
  for (const [name, series] of samples.strings) {
    const i = series.t.length - 1;
    if (i < 0) continue;
    values.set(name, { timestamp: series.t[i] as number, value: series.v[i] as string });
    lastSeen = Math.max(lastSeen, series.t[i] as number);
  }
  return { lastSeen, values };
}

/** `signalsLatest`: an object whose fields are the latest values (the privilege guards wrap each field). */
export function signalCollection(latest: ReturnType<typeof latestValues> | null): Record<string, unknown> {
  const collection: Record<string, unknown> = { lastSeen: latest?.lastSeen ?? null };
  for (const signal of ALL_SIGNALS) {
    const value = latest?.values.get(signal.name);
    collection[signal.name] = value ? { timestamp: value.timestamp, value: value.value } : null;
  }
  return collection;
}

/** One bucket of `signals(...)`: its start, and where each series' samples for it lie. */
export interface Bucket {
  timestamp: number;
  samples: Samples;
  ranges: Map<string, [number, number]>;
}

export interface SignalsArgs {
  interval: string;
  from: number;
  to: number;
}

/** Validates `signals(...)` arguments as the real service does; returns the interval in microseconds. */
export function signalsInterval(args: SignalsArgs): number {
  const parsed = parseGoDuration(args.interval);
  if (!parsed.ok) throw new GraphQLError(`failed parsing interval: ${parsed.message}`);
  const micros = Math.trunc(parsed.nanos / 1000);
  if (args.from > args.to) throw badRequest("invalid argument: from timestamp is after to timestamp");
  if (micros < 1) throw badRequest("invalid argument: interval is not a positive integer");
  return micros;
}

/** The buckets with data for the selected signals, oldest first, each starting at `from + k * interval`. */
export function signalBuckets(
  source: VehicleSource,
  args: SignalsArgs,
  intervalUs: number,
  nowUs: number,
  info: GraphQLResolveInfo,
): Bucket[] {
  const to = Math.min(args.to, nowUs);
  const wanted = wantedSignals(selectedFields(info));
  if (wanted.size === 0 || to <= args.from) return [];
  if (source.drives.countStartedBetween(source.tokenId, args.from, to) > MAX_TRIPS_PER_SIGNALS_QUERY) {
    throw badRequest("request exceeded or is estimated to exceed the maximum execution time");
  }
  const samples = collectSamples(source, args.from, to, wanted);
  const buckets = new Map<number, Bucket>();
  const index = (name: string, times: readonly number[]) => {
    let i = 0;
    while (i < times.length) {
      const k = Math.floor(((times[i] as number) - args.from) / intervalUs);
      const end = args.from + (k + 1) * intervalUs;
      let j = i;
      while (j < times.length && (times[j] as number) < end) j++;
      const timestamp = args.from + k * intervalUs;
      let bucket = buckets.get(timestamp);
      if (!bucket) {
        bucket = { timestamp, samples, ranges: new Map() };
        buckets.set(timestamp, bucket);
      }
      bucket.ranges.set(name, [i, j]);
      i = j;
    }
  };
  for (const [name, series] of samples.floats) index(name, series.t);
  if (wanted.has(LOCATION_SIGNAL)) index(LOCATION_SIGNAL, samples.location.t);
  for (const [name, series] of samples.strings) index(name, series.t);
  return [...buckets.values()].sort((a, b) => a.timestamp - b.timestamp);
}

/** A stable stand-in for ClickHouse's random pick within a bucket. */
const pickOf = (bucket: Bucket) => Math.abs(Math.floor(bucket.timestamp / 1000)) % 1_000_003;

export function aggregateFloat(
  bucket: Bucket,
  name: string,
  agg: FloatAggregation,
  filter: FloatFilter | null | undefined,
): number | null {
  const range = bucket.ranges.get(name);
  const series = bucket.samples.floats.get(name);
  if (!range || !series) return null;
  let values = series.v.slice(range[0], range[1]);
  if (filter) values = values.filter((v) => matchesFloat(filter, v));
  return floatAggregate(agg, values, pickOf(bucket));
}

export function aggregateLocation(
  bucket: Bucket,
  agg: LocationAggregation,
  filter: LocationFilter | null | undefined,
  approximated: boolean,
) {
  const range = bucket.ranges.get(LOCATION_SIGNAL);
  if (!range) return null;
  const loc = bucket.samples.location;
  const values = [];
  for (let i = range[0]; i < range[1]; i++) {
    const value = { latitude: loc.lat[i] as number, longitude: loc.lon[i] as number, hdop: loc.hdop[i] as number };
    if (!filter || matchesLocation(filter, value.latitude, value.longitude)) values.push(value);
  }
  const result = locationAggregate(agg, values, pickOf(bucket));
  if (!result || !approximated) return result;
  return { ...approximate(result.latitude, result.longitude), hdop: result.hdop };
}

export function aggregateString(bucket: Bucket, name: string, agg: StringAggregation): string | null {
  const range = bucket.ranges.get(name);
  const series = bucket.samples.strings.get(name);
  if (!range || !series) return null;
  return stringAggregate(agg, series.v.slice(range[0], range[1]), pickOf(bucket));
}

export interface SignalSummary {
  name: string;
  numberOfSignals: number;
  firstSeen: number;
  lastSeen: number;
}

/**
 * How many samples of each signal a vehicle has sent up to `nowUs`, counted from its trips' times without generating
 * any: drive ticks, the ignition-off sample of each trip, and the parked heartbeats in between and since.
 */
export function signalSummaries(source: VehicleSource, nowUs: number): SignalSummary[] {
  const slowUs = DRIVE_EVERY_US * SLOW_TICKS;
  const totals = source.drives.totals(source.tokenId, nowUs, [DRIVE_EVERY_US, slowUs], PARKED_EVERY_US);
  if (!totals) return [];
  const [driveTicks = 0, slowTicks = 0] = totals.ticks;
  const sinceLast = Math.max(
    0,
    Math.floor((nowUs - 1) / PARKED_EVERY_US) - Math.floor(totals.lastEndUs / PARKED_EVERY_US),
  );
  const parked = totals.parkedTicks + sinceLast;
  const lastHeartbeat = sinceLast > 0 ? Math.floor((nowUs - 1) / PARKED_EVERY_US) * PARKED_EVERY_US : totals.lastEndUs;
  const first = totals.firstStartUs;
  const driving = driveTicks + totals.trips;
  const summary = (name: string, numberOfSignals: number, lastSeen: number): SignalSummary => ({
    name,
    numberOfSignals,
    firstSeen: first,
    lastSeen,
  });
  const counts = { driving, always: driving + parked, slow: slowTicks + totals.trips + parked };
  return storedSignals(source.vehicle).map((name) => {
    const cadence = signalDefinition(name)?.cadence ?? "always";
    if (cadence === "trip") return summary(name, totals.trips, totals.lastStartUs);
    if (cadence === "driving") return summary(name, counts.driving, totals.lastEndUs);
    return summary(name, counts[cadence], lastHeartbeat);
  });
}
