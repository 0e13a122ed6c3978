import type { Vehicle } from "@/lib/models";
import { type EndedGrant, endsSoon } from "@/lib/share-links";
import { holdsAll, matchesQuery } from "./filters";
import { vehicleTitle } from "./vehicle-title";
import { ROSTER_PAGE_SIZE, type RosterQuery, type RosterSort } from "./query";

/**
 * One page of the roster for a query: the search, the filters, the sort and the page, as pure functions over the
 * vehicles the server holds, so the list page, the CSV export and the tests agree on what a URL shows.
 */

export interface RosterSelectionInput {
  /** Every vehicle the roster holds, in any order; a grant that ran out since it was read counts as ended. */
  vehicles: readonly Vehicle[];
  /** The vehicle's powertrain (`BEV`, `ICE`...), when its device definition says. */
  powertrainOf: (vehicle: Vehicle) => string | null;
  /** The name of the share link that brought a vehicle, when the dashboard saw it come through one. */
  linkOf: (tokenId: number) => string | null | undefined;
  /** The vehicle's VIN, where the dashboard has read it (DIMO's list of vehicles carries none). */
  vinOf?: (tokenId: number) => string | null;
  /** Grants the dashboard saw end (share records DIMO no longer lists), newest first. */
  ended: readonly EndedGrant[];
  nowMs: number;
}

export interface RosterSelection {
  /** The live vehicles on this page. */
  rows: Vehicle[];
  /** Live vehicles the search and filters match, on every page. */
  matched: number;
  /** Every live vehicle. */
  liveTotal: number;
  /** Ended grants shown on this page: every page of them with `grant=ended`, otherwise the first page's worth. */
  ended: EndedGrant[];
  endedMatched: number;
  /** The page shown (1-based), and how many there are. */
  page: number;
  pageCount: number;
  /** What was out of range, in words for people. */
  notices: string[];
}

const isLive = (vehicle: Vehicle, nowMs: number) => {
  const end = vehicle.grant?.expiresAt;
  if (!vehicle.grant) return false;
  return end === null || end === undefined || Date.parse(end) > nowMs;
};

/** A vehicle whose grant ran out after the roster read it: ended, as far as the dashboard can tell, by its date. */
function expiredSinceRead(vehicle: Vehicle, link: string | null): EndedGrant {
  return {
    tokenId: vehicle.tokenId,
    title: vehicleTitle(vehicle),
    link,
    privileges: vehicle.grant?.privileges ?? [],
    ending: "expired",
    at: vehicle.grant?.expiresAt ?? null,
  };
}

/**
 * The words the search looks through: what the identity API says of the vehicle, its powertrain where known, and the
 * link that brought it. The owner's address only for a query that names one (a word starting `0x`): otherwise a year
 * or a token id would also match the digits of any address. The VIN, where known, is matched apart (matchesSearch).
 */
function searchableParts(
  vehicle: Vehicle,
  extra: { link: string | null | undefined; powertrain: string | null },
  withOwner: boolean,
) {
  const parts = [
    vehicle.make,
    vehicle.model,
    vehicle.year,
    vehicle.tokenId,
    vehicle.name,
    extra.powertrain,
    extra.link,
  ];
  return withOwner ? [...parts, vehicle.owner] : parts;
}

const namesAddress = (query: string) => /(^|\s)0x/i.test(query);

/**
 * The fewest characters of a VIN's end a search word must hold to find it: the last six are the serial number fleets
 * quote, and a shorter word (a year, a token id) would otherwise find any VIN that happens to end with it.
 */
export const VIN_TAIL_MIN = 6;

/** Whether a search word is the VIN, or its last VIN_TAIL_MIN characters or more (case-insensitive). */
export function isVinTail(vin: string | null | undefined, word: string): boolean {
  return !!vin && word.length >= VIN_TAIL_MIN && vin.toLowerCase().endsWith(word.toLowerCase());
}

/** matchesQuery over the parts, where a word that is the vehicle's VIN or its end counts as found. */
function matchesSearch(parts: Parameters<typeof matchesQuery>[0], vin: string | null | undefined, query: string) {
  const rest = query.split(/\s+/).filter((word) => word !== "" && !isVinTail(vin, word));
  return matchesQuery(parts, rest.join(" "));
}

const byText = (a: string | null, b: string | null) => (a ?? "\uffff").localeCompare(b ?? "\uffff");
const endOf = (vehicle: Vehicle) => {
  const end = vehicle.grant?.expiresAt;
  return end ? Date.parse(end) : Number.POSITIVE_INFINITY;
};

/** Every order ends on the token id, newest first, so equal keys never swap places between two reads. */
const COMPARE: Record<RosterSort, (a: Vehicle, b: Vehicle) => number> = {
  newest: (a, b) => b.tokenId - a.tokenId,
  oldest: (a, b) => a.tokenId - b.tokenId,
  name: (a, b) =>
    byText(a.make, b.make) || byText(a.model, b.model) || (b.year ?? 0) - (a.year ?? 0) || b.tokenId - a.tokenId,
  year: (a, b) => (b.year ?? 0) - (a.year ?? 0) || b.tokenId - a.tokenId,
  expiry: (a, b) => endOf(a) - endOf(b) || b.tokenId - a.tokenId,
};

function sortVehicles(vehicles: Vehicle[], sort: RosterSort): Vehicle[] {
  return vehicles.sort(COMPARE[sort]);
}

/** The live vehicles a query matches, sorted, every page of them (the CSV export's rows). */
export function matchingVehicles(input: RosterSelectionInput, query: RosterQuery): Vehicle[] {
  if (query.grant === "ended") return [];
  const withOwner = namesAddress(query.q);
  const powertrains = new Set<string>(query.powertrains);
  const matched = input.vehicles.filter(
    (vehicle) =>
      isLive(vehicle, input.nowMs) &&
      holdsAll(vehicle.grant?.privileges ?? [], query.privileges) &&
      (query.grant !== "ending" || endsSoon(vehicle.grant?.expiresAt ?? null, input.nowMs)) &&
      (powertrains.size === 0 || powertrains.has(input.powertrainOf(vehicle) ?? "")) &&
      matchesSearch(
        searchableParts(
          vehicle,
          { link: input.linkOf(vehicle.tokenId), powertrain: input.powertrainOf(vehicle) },
          withOwner,
        ),
        input.vinOf?.(vehicle.tokenId),
        query.q,
      ),
  );
  return sortVehicles(matched, query.sort);
}

function matchingEnded(input: RosterSelectionInput, query: RosterQuery): EndedGrant[] {
  // An ended grant's powertrain is not kept, so a powertrain filter leaves them all out.
  if (query.grant === "ending" || query.powertrains.length > 0) return [];
  const expired = input.vehicles
    .filter((vehicle) => vehicle.grant !== null && !isLive(vehicle, input.nowMs))
    .map((vehicle) => expiredSinceRead(vehicle, input.linkOf(vehicle.tokenId) ?? null));
  return [...input.ended, ...expired].filter(
    (grant) =>
      matchesQuery([grant.title, grant.tokenId, grant.link], query.q) && holdsAll(grant.privileges, query.privileges),
  );
}

const pageCountOf = (count: number) => Math.max(1, Math.ceil(count / ROSTER_PAGE_SIZE));
const pageOf = <T>(items: readonly T[], page: number) =>
  items.slice((page - 1) * ROSTER_PAGE_SIZE, page * ROSTER_PAGE_SIZE);

export function selectRosterPage(input: RosterSelectionInput, query: RosterQuery): RosterSelection {
  const live = matchingVehicles(input, query);
  const ended = matchingEnded(input, query);
  const liveTotal = input.vehicles.reduce((count, vehicle) => count + (isLive(vehicle, input.nowMs) ? 1 : 0), 0);
  // With `grant=ended` the pages run through the ended grants; otherwise through the live ones, with the ended grants
  // after the first page's rows.
  const pagedCount = query.grant === "ended" ? ended.length : live.length;
  const pageCount = pageCountOf(pagedCount);
  const notices: string[] = [];
  let page = query.page;
  if (page > pageCount) {
    notices.push(
      `Page ${page} is past the end of the list (${pageCount === 1 ? "1 page" : `${pageCount} pages`}), so it opens at its first page.`,
    );
    page = 1;
  }
  return {
    rows: pageOf(live, page),
    matched: live.length,
    liveTotal,
    ended: query.grant === "ended" ? pageOf(ended, page) : page === 1 ? pageOf(ended, 1) : [],
    endedMatched: ended.length,
    page,
    pageCount,
    notices,
  };
}
