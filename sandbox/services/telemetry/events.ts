import { countByName, type DriveEvent, eventsBetween } from "../../telemetry/events";
import { type VehicleSource } from "../../telemetry/samples";
import { badRequest, MAX_TRIPS_PER_SIGNALS_QUERY } from "./signal-queries";
import { parseTime } from "./time";
import { SANDBOX_SIGNAL_SOURCE } from "./vehicle-data";

/**
 * `events(tokenId, from, to, filter)`: the vehicle's driving events with from <= timestamp < to, newest first, as the
 * real service reads them (DIMO-Network/telemetry-api, internal/repositories validateEventArgs and the ClickHouse
 * event filters). Event names are validated against the `namespace.name` pattern; `source` and `tags` are matched as
 * the real string and array filters match them.
 */

export interface StringValueFilter {
  eq?: string | null;
  neq?: string | null;
  notIn?: readonly string[] | null;
  in?: readonly string[] | null;
  startsWith?: string | null;
  or?: readonly StringValueFilter[] | null;
}

export interface StringArrayFilter {
  containsAny?: readonly string[] | null;
  containsAll?: readonly string[] | null;
  notContainsAny?: readonly string[] | null;
  notContainsAll?: readonly string[] | null;
  or?: readonly StringArrayFilter[] | null;
}

interface EventFilter {
  name?: StringValueFilter | null;
  source?: StringValueFilter | null;
  tags?: StringArrayFilter | null;
}

export interface EventsArgs {
  tokenId: number;
  from: number;
  to: number;
  filter?: EventFilter | null;
}

/** The connection every sandbox event comes from: the same one as its signals. */
const EVENT_SOURCE = SANDBOX_SIGNAL_SOURCE;
/** Sandbox events carry no tags. */
const EVENT_TAGS: readonly string[] = [];

const NAME = /^[a-zA-Z][a-zA-Z0-9]*\.[a-zA-Z][a-zA-Z0-9]*$/;
const NAME_PREFIX = /^[a-zA-Z][a-zA-Z0-9]*\.([a-zA-Z][a-zA-Z0-9]*)?$/;
/** Go's zero time, which the real service refuses as a bound. */
const ZERO_TIME = parseTime("0001-01-01T00:00:00Z");

function checkNameFilter(filter: StringValueFilter | null | undefined): void {
  if (!filter) return;
  const names = [...(filter.eq != null ? [filter.eq] : []), ...(filter.in ?? [])];
  for (const name of names) {
    if (!NAME.test(name)) {
      throw badRequest(
        `invalid argument: event name '${name}' does not match namespace pattern (e.g. 'behavior.harshBraking')`,
      );
    }
  }
  if (filter.startsWith != null && !NAME_PREFIX.test(filter.startsWith)) {
    throw badRequest(
      `invalid argument: event name prefix '${filter.startsWith}' does not match namespace pattern (e.g. 'behavior.' or 'behavior.harsh')`,
    );
  }
  for (const or of filter.or ?? []) checkNameFilter(or);
}

function validateEventArgs(args: EventsArgs): void {
  if (args.tokenId < 1) throw badRequest("invalid argument: tokenID is not a positive integer");
  if (args.from === ZERO_TIME) throw badRequest("invalid argument: from timestamp is zero");
  if (args.to === ZERO_TIME) throw badRequest("invalid argument: to timestamp is zero");
  if (args.from > args.to) throw badRequest("invalid argument: from timestamp is after to timestamp");
  checkNameFilter(args.filter?.name);
}

/**
 * A string filter as the real query builds it: its own conditions joined by AND, then each `or` branch joined by OR
 * (SQL's AND binds first), so `{eq: a, or: [{eq: b}]}` is `a OR b`. Branches with no condition are left out.
 */
export function matchesString(value: string, filter: StringValueFilter): boolean {
  const own: boolean[] = [];
  if (filter.eq != null) own.push(value === filter.eq);
  if (filter.neq != null) own.push(value !== filter.neq);
  if (filter.notIn != null) own.push(!filter.notIn.includes(value));
  if (filter.in != null) own.push(filter.in.includes(value));
  if (filter.startsWith != null) own.push(value.startsWith(filter.startsWith));
  const branches = (filter.or ?? []).filter(hasStringCondition);
  if (own.length === 0 && branches.length === 0) return true;
  const ownMatches = own.length > 0 && own.every(Boolean);
  return ownMatches || branches.some((branch) => matchesString(value, branch));
}

function hasStringCondition(filter: StringValueFilter): boolean {
  return (
    filter.eq != null ||
    filter.neq != null ||
    filter.notIn != null ||
    filter.in != null ||
    filter.startsWith != null ||
    (filter.or ?? []).some(hasStringCondition)
  );
}

/** An array filter as the real query builds it (ClickHouse hasAny / hasAll); empty lists are no condition. */
export function matchesArray(values: readonly string[], filter: StringArrayFilter): boolean {
  const own: boolean[] = [];
  const any = (list: readonly string[]) => list.some((item) => values.includes(item));
  const all = (list: readonly string[]) => list.every((item) => values.includes(item));
  if (filter.containsAny?.length) own.push(any(filter.containsAny));
  if (filter.containsAll?.length) own.push(all(filter.containsAll));
  if (filter.notContainsAny?.length) own.push(!any(filter.notContainsAny));
  if (filter.notContainsAll?.length) own.push(!all(filter.notContainsAll));
  const branches = (filter.or ?? []).filter(hasArrayCondition);
  if (own.length === 0 && branches.length === 0) return true;
  const ownMatches = own.length > 0 && own.every(Boolean);
  return ownMatches || branches.some((branch) => matchesArray(values, branch));
}

function hasArrayCondition(filter: StringArrayFilter): boolean {
  return (
    Boolean(filter.containsAny?.length) ||
    Boolean(filter.containsAll?.length) ||
    Boolean(filter.notContainsAny?.length) ||
    Boolean(filter.notContainsAll?.length) ||
    (filter.or ?? []).some(hasArrayCondition)
  );
}

function matchesEvent(event: DriveEvent, filter: EventFilter | null | undefined): boolean {
  if (!filter) return true;
  if (filter.name && !matchesString(event.name, filter.name)) return false;
  if (filter.source && !matchesString(EVENT_SOURCE, filter.source)) return false;
  if (filter.tags && !matchesArray(EVENT_TAGS, filter.tags)) return false;
  return true;
}

function checkWindow(source: VehicleSource, fromUs: number, toUs: number): void {
  if (source.drives.countStartedBetween(source.tokenId, fromUs, toUs) > MAX_TRIPS_PER_SIGNALS_QUERY) {
    throw badRequest("request exceeded or is estimated to exceed the maximum execution time");
  }
}

export interface EventResult {
  timestamp: number;
  name: string;
  source: string;
  durationNs: number;
  metadata: string | null;
}

export function findEvents(source: VehicleSource | null, args: EventsArgs, nowUs: number): EventResult[] {
  validateEventArgs(args);
  if (!source) return [];
  const to = Math.min(args.to, nowUs);
  if (to <= args.from) return [];
  checkWindow(source, args.from, to);
  return eventsBetween(source, args.from, to)
    .filter((event) => matchesEvent(event, args.filter))
    .reverse()
    .map((event) => ({
      timestamp: event.timestamp,
      name: event.name,
      source: EVENT_SOURCE,
      durationNs: event.durationNs,
      metadata: null,
    }));
}

/**
 * The counts of a range's events by name, as segments and daily activity report them: every requested name in the
 * order asked (0 when none happened), or, with none requested, each name that happened, by name.
 */
export function eventCounts(
  source: VehicleSource,
  fromUs: number,
  toUs: number,
  requested: readonly { name: string }[] | null | undefined,
  nowUs: number,
): { name: string; count: number }[] {
  const end = Math.min(toUs, nowUs);
  const counts: Map<string, number> = end > fromUs ? countByName(eventsBetween(source, fromUs, end)) : new Map();
  if (requested && requested.length > 0) {
    return requested.map(({ name }) => ({ name, count: counts.get(name) ?? 0 }));
  }
  return [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, count]) => ({ name, count }));
}
