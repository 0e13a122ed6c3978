import { type PrivilegeId, isPrivilegeId } from "@/lib/protocol";
import { POWERTRAIN_TYPES, type PowertrainType } from "@/lib/share-links/link";
import { GRANT_FILTERS, type GrantFilter } from "./filters";

/**
 * What the vehicle list is asked for, read from its URL: `?q=` (the search), `?privilege=` (each one held),
 * `?powertrain=` (any one of them), `?grant=ending|ended`, `?sort=` and `?page=`. Pure and free of server code, so the browser writes the same URLs the
 * server reads. A value that is not one the list knows is dropped with a notice in words, so an edited or old URL
 * still opens the list (its first page) and says what was ignored.
 */

export const ROSTER_PAGE_SIZE = 50;
/** Longer than any make, model, address or link name: past it the search is not one a person typed. */
const SEARCH_MAX_LENGTH = 200;

export const ROSTER_SORTS = [
  { id: "newest", label: "Newest first" },
  { id: "oldest", label: "Oldest first" },
  { id: "name", label: "Make and model" },
  { id: "year", label: "Model year, newest" },
  { id: "expiry", label: "Grant ends soonest" },
] as const;
export type RosterSort = (typeof ROSTER_SORTS)[number]["id"];
const DEFAULT_SORT: RosterSort = "newest";

export interface RosterQuery {
  q: string;
  privileges: PrivilegeId[];
  /** The powertrains shown (any one); empty for all. Only vehicles whose powertrain is known match one. */
  powertrains: PowertrainType[];
  grant: GrantFilter;
  sort: RosterSort;
  /** 1-based. */
  page: number;
}

export const EMPTY_ROSTER_QUERY: RosterQuery = {
  q: "",
  privileges: [],
  powertrains: [],
  grant: "all",
  sort: DEFAULT_SORT,
  page: 1,
};

const KNOWN_PARAMS = new Set(["q", "privilege", "powertrain", "grant", "sort", "page"]);

/** Control characters have no place in a search a person types; they come from a mangled or crafted link. */
const CONTROL_CHARACTERS = /\p{Cc}/u;

export interface ParsedRosterQuery {
  query: RosterQuery;
  /** What was ignored, in words for people. */
  notices: string[];
}

function readSearch(params: URLSearchParams, notices: string[]): string {
  const q = params.get("q") ?? "";
  if (q.length > SEARCH_MAX_LENGTH) {
    notices.push(`The search is longer than ${SEARCH_MAX_LENGTH} characters, so it was ignored.`);
    return "";
  }
  if (CONTROL_CHARACTERS.test(q)) {
    notices.push("The search holds characters that cannot be typed, so it was ignored.");
    return "";
  }
  return q;
}

function readPrivileges(params: URLSearchParams, notices: string[]): PrivilegeId[] {
  const held = new Set<PrivilegeId>();
  for (const value of params.getAll("privilege")) {
    const id = Number(value);
    if (value.trim() !== "" && Number.isInteger(id) && isPrivilegeId(id)) held.add(id);
    else notices.push(`“${value}” is not a privilege the list can filter on, so it was ignored.`);
  }
  return [...held].sort((a, b) => a - b);
}

function readPowertrains(params: URLSearchParams, notices: string[]): PowertrainType[] {
  const wanted = new Set<PowertrainType>();
  for (const value of params.getAll("powertrain")) {
    const known = POWERTRAIN_TYPES.find((type) => type.id === value);
    if (known) wanted.add(known.id);
    else notices.push(`“${value}” is not a powertrain the list knows, so it was ignored.`);
  }
  return POWERTRAIN_TYPES.map((type) => type.id).filter((id) => wanted.has(id));
}

function readChoice<T extends string>(
  params: URLSearchParams,
  name: string,
  known: readonly T[],
  fallback: T,
  notices: string[],
): T {
  const value = params.get(name);
  if (value === null) return fallback;
  const found = known.find((choice) => choice === value);
  if (found === undefined) notices.push(`“${value}” is not a ${name} the list knows, so it was ignored.`);
  return found ?? fallback;
}

function readPage(params: URLSearchParams, notices: string[]): number {
  const value = params.get("page");
  if (value === null) return 1;
  const page = Number(value);
  if (/^\d+$/.test(value.trim()) && Number.isSafeInteger(page) && page >= 1) return page;
  notices.push(`“${value}” is not a page number, so the list opens at its first page.`);
  return 1;
}

export function parseRosterQuery(params: URLSearchParams): ParsedRosterQuery {
  const notices: string[] = [];
  for (const name of new Set(params.keys())) {
    if (!KNOWN_PARAMS.has(name)) notices.push(`The list has no filter “${name}”, so it was ignored.`);
  }
  const query: RosterQuery = {
    q: readSearch(params, notices),
    privileges: readPrivileges(params, notices),
    powertrains: readPowertrains(params, notices),
    grant: readChoice(params, "grant", GRANT_FILTERS, "all", notices),
    sort: readChoice(
      params,
      "sort",
      ROSTER_SORTS.map((sort) => sort.id),
      DEFAULT_SORT,
      notices,
    ),
    page: readPage(params, notices),
  };
  return { query, notices };
}

/** The URL parameters of a query, leaving out what is the default, so the plain list stays `/vehicles`. */
export function writeRosterQuery(query: RosterQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q.trim() !== "") params.set("q", query.q);
  for (const id of query.privileges) params.append("privilege", String(id));
  for (const type of query.powertrains) params.append("powertrain", type);
  if (query.grant !== "all") params.set("grant", query.grant);
  if (query.sort !== DEFAULT_SORT) params.set("sort", query.sort);
  if (query.page > 1) params.set("page", String(query.page));
  return params;
}

/** `?…` for a query, or "" for the plain list. */
export function rosterSearch(query: RosterQuery): string {
  const search = writeRosterQuery(query).toString();
  return search === "" ? "" : `?${search}`;
}

/** Whether the query narrows the list (a search or a filter), as opposed to only sorting or paging it. */
export const narrowsRoster = (query: RosterQuery) =>
  query.q.trim() !== "" || query.privileges.length > 0 || query.powertrains.length > 0 || query.grant !== "all";
