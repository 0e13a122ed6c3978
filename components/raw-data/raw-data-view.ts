import { type TimeZoneChoice } from "@/lib/format/time";
import { type RawEventFilter } from "@/lib/models/raw-data";

/**
 * What the Raw data tab shows, as its URL carries it: the filter (`type`, `source`, `producer`, `from`, `to`) and the
 * page (`before`, the cursor of the page after the newest). Pure, so the page, the panel and the Overview's links
 * agree on it.
 */

export interface RawDataView {
  filter: RawEventFilter;
  before?: string;
}

const FILTER_KEYS = ["type", "source", "producer", "from", "to"] as const;

type Params = Record<string, string | string[] | undefined> | URLSearchParams;

const valueOf = (params: Params, key: string): string | undefined => {
  const raw = params instanceof URLSearchParams ? params.get(key) : params[key];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value === undefined || value === null || value.trim() === "" ? undefined : value.trim();
};

export function readRawDataView(params: Params): RawDataView {
  const filter: RawEventFilter = {};
  for (const key of FILTER_KEYS) {
    const value = valueOf(params, key);
    if (value !== undefined) filter[key] = value;
  }
  const before = valueOf(params, "before");
  return before === undefined ? { filter } : { filter, before };
}

/** The query string of a view (without `?`): the filter's parts, then the page's cursor. */
export function rawDataQuery(view: RawDataView): string {
  const query = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = view.filter[key];
    if (value) query.set(key, value);
  }
  if (view.before) query.set("before", view.before);
  return query.toString();
}

export function rawDataHref(tokenId: number, view: RawDataView): string {
  const query = rawDataQuery(view);
  return `/vehicles/${tokenId}/raw${query ? `?${query}` : ""}`;
}

/** Minutes either side of a moment that the Overview's link to the raw events around it covers. */
const AROUND_MS = 5 * 60_000;

/** The Raw data tab's status events in the ten minutes around a signal's time. */
export function rawEventsAroundHref(tokenId: number, time: string): string {
  const at = Date.parse(time);
  return rawDataHref(tokenId, {
    filter: {
      type: "dimo.status",
      from: new Date(at - AROUND_MS).toISOString(),
      to: new Date(at + AROUND_MS).toISOString(),
    },
  });
}

const pad = (value: number) => String(value).padStart(2, "0");

/** An ISO time as a `datetime-local` field's value (to the minute) in the zone the page shows times in. */
export function toFieldValue(iso: string | undefined, zone: TimeZoneChoice): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  if (zone === "utc") return date.toISOString().slice(0, 16);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` field's value, read in the zone the page shows times in, as an ISO time; undefined when empty. */
export function fromFieldValue(value: string, zone: TimeZoneChoice): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return undefined;
  const date = new Date(zone === "utc" ? `${value}Z` : value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
