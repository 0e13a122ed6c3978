import { type Feature, FEATURES, type FeatureRule, canReadSignals, canUse } from "@/lib/features";
import type { Vehicle } from "@/lib/models";
import { type PrivilegeId } from "@/lib/protocol";
import { EMPTY_ROSTER_QUERY, type RosterQuery, rosterSearch } from "@/lib/roster/query";
import { type RosterSelectionInput, matchingVehicles, selectRosterPage } from "@/lib/roster/select";
import type { RosterProgress } from "@/lib/models/roster";
import type { AppError } from "@/lib/result";
import { EXPIRY_WARNING_DAYS, POWERTRAIN_TYPES } from "@/lib/share-links";

/**
 * The fleet at a glance: counts over the live vehicles of the roster, each with the link to the vehicle list that
 * shows the same vehicles where the list's URL can say so. Pure, so the page and its tests agree; the answer's size
 * does not grow with the fleet (the most common makes and years, the rest added up).
 */

/** One count, and the vehicle list's URL that lists exactly those vehicles, or null where the list cannot. */
export interface FleetCount {
  /** Stable within its group, for tests and React keys. */
  key: string;
  label: string;
  count: number;
  href: string | null;
}

interface FleetSeen {
  /** Live vehicles last seen within the week, and longer ago. */
  withinWeek: number;
  notForWeek: number;
  /** Live vehicles with no last-seen time yet, whose grant lets their signals be read. */
  notYetKnown: number;
  /** Live vehicles whose grant gives no signal at all: nothing tells when they were seen. */
  noSignalsGrant: number;
}

export interface FleetSummary {
  /** Live vehicles: those the vehicle list shows. */
  total: number;
  makes: FleetCount[];
  years: FleetCount[];
  powertrains: FleetCount[];
  coverage: FleetCount[];
  grants: { ending: FleetCount; ended: FleetCount };
  /** Null when the positions' last-seen times could not be read at all. */
  seen: FleetSeen | null;
}

/** What the position refresher knows of when each vehicle was last seen (lib/models/fleet.ts FleetPositionsView). */
export interface SeenInput {
  lastSeenMs: Readonly<Record<number, number>>;
  nowMs: number;
}

/** Makes listed one by one; the rest are one "other makes" count. */
export const TOP_MAKES = 8;
/** Model years listed one by one, newest first; older ones are one "earlier" count. */
export const TOP_YEARS = 12;
const NOT_SEEN_AFTER_MS = 7 * 86_400_000;

const listHref = (query: Partial<RosterQuery>) => `/vehicles${rosterSearch({ ...EMPTY_ROSTER_QUERY, ...query })}`;

/**
 * The privileges the list's filter (`privilege=`, each one held) must name to list exactly the vehicles a feature's
 * rule admits; null when the rule offers alternatives the filter cannot express.
 */
export function privilegeFilterFor(feature: Feature): PrivilegeId[] | null {
  const { allOf, anyOf }: FeatureRule = FEATURES[feature];
  if (anyOf.length > 1) return null;
  return [...new Set([...allOf, ...anyOf])].sort((a, b) => a - b);
}

function featureHref(feature: Feature): string | null {
  const privileges = privilegeFilterFor(feature);
  return privileges ? listHref({ privileges }) : null;
}

function tally<K>(vehicles: readonly Vehicle[], keyOf: (vehicle: Vehicle) => K): Map<K, number> {
  const counts = new Map<K, number>();
  for (const vehicle of vehicles) {
    const key = keyOf(vehicle);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

function makeCounts(live: readonly Vehicle[]): FleetCount[] {
  const counts = tally(live, (vehicle) => vehicle.make?.trim() || null);
  const unknown = counts.get(null) ?? 0;
  counts.delete(null);
  const ranked = [...counts].sort(([a, x], [b, y]) => y - x || (a ?? "").localeCompare(b ?? ""));
  // The search finds a make by its words: the list's own count is the same unless a model or link shares them.
  const rows: FleetCount[] = ranked
    .slice(0, TOP_MAKES)
    .map(([make, count]) => ({ key: `make:${make}`, label: make ?? "", count, href: listHref({ q: make ?? "" }) }));
  const rest = ranked.slice(TOP_MAKES);
  if (rest.length > 0) {
    const count = rest.reduce((sum, [, n]) => sum + n, 0);
    rows.push({ key: "make:other", label: `${rest.length} other makes`, count, href: null });
  }
  if (unknown > 0) rows.push({ key: "make:unknown", label: "Make not known", count: unknown, href: null });
  return rows;
}

function yearCounts(live: readonly Vehicle[]): FleetCount[] {
  const counts = tally(live, (vehicle) => vehicle.year);
  const unknown = counts.get(null) ?? 0;
  counts.delete(null);
  const years = [...counts].sort(([a], [b]) => (b ?? 0) - (a ?? 0));
  // A year typed in the search also finds token ids and names holding its digits, so no link for a year.
  const rows: FleetCount[] = years
    .slice(0, TOP_YEARS)
    .map(([year, count]) => ({ key: `year:${year}`, label: String(year), count, href: null }));
  const earlier = years.slice(TOP_YEARS);
  if (earlier.length > 0) {
    const count = earlier.reduce((sum, [, n]) => sum + n, 0);
    const [newest] = earlier[0] ?? [];
    rows.push({ key: "year:earlier", label: `${newest} and earlier`, count, href: null });
  }
  if (unknown > 0) rows.push({ key: "year:unknown", label: "Year not known", count: unknown, href: null });
  return rows;
}

function powertrainCounts(live: readonly Vehicle[], powertrainOf: (vehicle: Vehicle) => string | null): FleetCount[] {
  const counts = tally(live, (vehicle) => powertrainOf(vehicle));
  const rows: FleetCount[] = [];
  for (const { id, label } of POWERTRAIN_TYPES) {
    const count = counts.get(id) ?? 0;
    counts.delete(id);
    if (count > 0) rows.push({ key: `powertrain:${id}`, label, count, href: listHref({ powertrains: [id] }) });
  }
  const unknown = counts.get(null) ?? 0;
  counts.delete(null);
  // A powertrain the device definitions name that the list's filter does not know.
  for (const [name, count] of [...counts].sort(([, x], [, y]) => y - x)) {
    rows.push({ key: `powertrain:${name}`, label: name ?? "", count, href: null });
  }
  if (unknown > 0) rows.push({ key: "powertrain:unknown", label: "Powertrain not known", count: unknown, href: null });
  return rows;
}

function coverageCounts(live: readonly Vehicle[]): FleetCount[] {
  const count = (test: (vehicle: Vehicle) => boolean) => live.reduce((sum, v) => sum + (test(v) ? 1 : 0), 0);
  const exact = (v: Vehicle) => canUse(v.grant, "location");
  const approximate = (v: Vehicle) => canUse(v.grant, "approximateLocation");
  return [
    { key: "location", label: "Exact location", count: count(exact), href: featureHref("location") },
    {
      key: "approximateLocation",
      label: "Approximate location only",
      count: count((v) => approximate(v) && !exact(v)),
      href: null,
    },
    {
      key: "noLocation",
      label: "No location",
      count: count((v) => !approximate(v) && !exact(v)),
      href: null,
    },
    { key: "vin", label: "VIN", count: count((v) => canUse(v.grant, "vin")), href: featureHref("vin") },
    {
      key: "telemetry",
      label: "Signals (telemetry)",
      count: count((v) => canUse(v.grant, "telemetry")),
      href: featureHref("telemetry"),
    },
  ];
}

function seenCounts(live: readonly Vehicle[], seen: SeenInput): FleetSeen {
  const counts: FleetSeen = { withinWeek: 0, notForWeek: 0, notYetKnown: 0, noSignalsGrant: 0 };
  for (const vehicle of live) {
    const at = seen.lastSeenMs[vehicle.tokenId];
    if (at !== undefined) {
      if (seen.nowMs - at > NOT_SEEN_AFTER_MS) counts.notForWeek++;
      else counts.withinWeek++;
    } else if (canReadSignals(vehicle.grant)) counts.notYetKnown++;
    else counts.noSignalsGrant++;
  }
  return counts;
}

/** The summary of the roster's live vehicles; `seen` is null when the positions could not be read. */
export function fleetSummary(roster: RosterSelectionInput, seen: SeenInput | null): FleetSummary {
  const live = matchingVehicles(roster, EMPTY_ROSTER_QUERY);
  const ending = matchingVehicles(roster, { ...EMPTY_ROSTER_QUERY, grant: "ending" }).length;
  const ended = selectRosterPage(roster, { ...EMPTY_ROSTER_QUERY, grant: "ended" }).endedMatched;
  return {
    total: live.length,
    makes: makeCounts(live),
    years: yearCounts(live),
    powertrains: powertrainCounts(live, roster.powertrainOf),
    coverage: coverageCounts(live),
    grants: {
      ending: {
        key: "ending",
        label: `Ending within ${EXPIRY_WARNING_DAYS} days`,
        count: ending,
        href: listHref({ grant: "ending" }),
      },
      ended: { key: "ended", label: "Expired or ended", count: ended, href: listHref({ grant: "ended" }) },
    },
    seen: seen ? seenCounts(live, seen) : null,
  };
}

/** What the fleet page shows at a glance: the counts, and how far the roster and the positions are known. */
export interface FleetSummaryView {
  summary: FleetSummary;
  roster: RosterProgress;
  /** A look for new grants that failed just now: the counts are of what the roster held before it. */
  refreshError: AppError | null;
  /** Why the positions could not be read, when they could not: who was seen when is then not known. */
  positionsError: AppError | null;
  /** When the counts were made: "ends soon" and "not seen for a week" are measured from here. */
  nowMs: number;
}
