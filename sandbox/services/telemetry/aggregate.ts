import { type FloatAggregation, type LocationAggregation } from "@/lib/telemetry-signals";

/**
 * The aggregations of `signals(...)` over one bucket's samples, as the real service computes them in ClickHouse:
 * avg, median, max, min, a random member, the value at the earliest and at the latest time. RAND is any member of
 * the bucket; the sandbox picks one from a hash of the bucket, so the same query answers the same.
 */

export function floatAggregate(agg: FloatAggregation, values: readonly number[], pick: number): number | null {
  const n = values.length;
  if (n === 0) return null;
  switch (agg) {
    case "AVG":
      return values.reduce((sum, v) => sum + v, 0) / n;
    case "MED": {
      const sorted = [...values].sort((a, b) => a - b);
      const mid = n >> 1;
      return n % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
    }
    case "MAX":
      return values.reduce((max, v) => (v > max ? v : max), -Infinity);
    case "MIN":
      return values.reduce((min, v) => (v < min ? v : min), Infinity);
    case "RAND":
      return values[pick % n] as number;
    case "FIRST":
      return values[0] as number;
    case "LAST":
      return values[n - 1] as number;
  }
}

export interface LocationValue {
  latitude: number;
  longitude: number;
  hdop: number;
}

export function locationAggregate(
  agg: LocationAggregation,
  values: readonly LocationValue[],
  pick: number,
): LocationValue | null {
  const n = values.length;
  if (n === 0) return null;
  switch (agg) {
    case "AVG": {
      const sum = values.reduce(
        (s, v) => ({ latitude: s.latitude + v.latitude, longitude: s.longitude + v.longitude, hdop: s.hdop + v.hdop }),
        {
          latitude: 0,
          longitude: 0,
          hdop: 0,
        },
      );
      return { latitude: sum.latitude / n, longitude: sum.longitude / n, hdop: sum.hdop / n };
    }
    case "RAND":
      return values[pick % n] as LocationValue;
    case "FIRST":
      return values[0] as LocationValue;
    case "LAST":
      return values[n - 1] as LocationValue;
  }
}

export type StringAggregation = "RAND" | "TOP" | "UNIQUE" | "FIRST" | "LAST";

export function stringAggregate(agg: StringAggregation, values: readonly string[], pick: number): string | null {
  const n = values.length;
  if (n === 0) return null;
  switch (agg) {
    case "RAND":
      return values[pick % n] as string;
    case "FIRST":
      return values[0] as string;
    case "LAST":
      return values[n - 1] as string;
    case "UNIQUE":
      return [...new Set(values)].join(",");
    case "TOP": {
      const counts = new Map<string, number>();
      for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
      return [...counts.entries()].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
    }
  }
}

/** A float filter as the real schema has it: every given comparison holds, or any of `or`. */
export interface FloatFilter {
  eq?: number | null;
  neq?: number | null;
  gt?: number | null;
  lt?: number | null;
  gte?: number | null;
  lte?: number | null;
  in?: number[] | null;
  notIn?: number[] | null;
  or?: FloatFilter[] | null;
}

export function matchesFloat(filter: FloatFilter, v: number): boolean {
  const own =
    (filter.eq == null || v === filter.eq) &&
    (filter.neq == null || v !== filter.neq) &&
    (filter.gt == null || v > filter.gt) &&
    (filter.lt == null || v < filter.lt) &&
    (filter.gte == null || v >= filter.gte) &&
    (filter.lte == null || v <= filter.lte) &&
    (filter.in == null || filter.in.includes(v)) &&
    (filter.notIn == null || !filter.notIn.includes(v));
  if (filter.or && filter.or.length > 0) return own && filter.or.some((alternative) => matchesFloat(alternative, v));
  return own;
}

export interface LocationFilter {
  inPolygon?: { latitude: number; longitude: number }[] | null;
  inCircle?: { center: { latitude: number; longitude: number }; radius: number } | null;
}

const EARTH_RADIUS_KM = 6371.0088;

function distanceKm(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const r = Math.PI / 180;
  const h =
    Math.sin(((bLat - aLat) * r) / 2) ** 2 +
    Math.cos(aLat * r) * Math.cos(bLat * r) * Math.sin(((bLon - aLon) * r) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function matchesLocation(filter: LocationFilter, lat: number, lon: number): boolean {
  if (filter.inCircle) {
    const { center, radius } = filter.inCircle;
    if (distanceKm(center.latitude, center.longitude, lat, lon) > radius) return false;
  }
  const polygon = filter.inPolygon;
  if (polygon && polygon.length >= 3) {
    let inside = false;
    for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
      const a = polygon[i] as { latitude: number; longitude: number };
      const b = polygon[j] as { latitude: number; longitude: number };
      if (
        a.latitude > lat !== b.latitude > lat &&
        lon < ((b.longitude - a.longitude) * (lat - a.latitude)) / (b.latitude - a.latitude) + a.longitude
      ) {
        inside = !inside;
      }
    }
    if (!inside) return false;
  }
  return true;
}
