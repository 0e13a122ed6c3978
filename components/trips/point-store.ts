import type { TripDetails } from "@/lib/geo/all-trips-stream";
import { TRIPS_PAGE_SIZE } from "@/lib/protocol";

/**
 * The all-trips map's points and what the map tells of each trip, kept outside React: up to hundreds of thousands of
 * entries that grow while the stream runs. Readers remember how far they have read (`count`) and take only what is
 * new. Entry i is the i-th start point received; its details sit at index i of the parallel arrays.
 */
export class PointStore {
  /** Flat `[lng, lat, lng, lat, ...]`. */
  readonly coordinates: number[] = [];
  readonly ids: string[] = [];
  /** Position in the newest-first history (page 1 first), so a trip's trips page is known. */
  readonly positions: number[] = [];
  /** Start, Unix milliseconds (NaN when unknown). */
  readonly startTimes: number[] = [];
  /** Milliseconds, -1 when unknown. */
  readonly durations: number[] = [];
  /** Metres in a straight line, -1 when unknown. */
  readonly distances: number[] = [];
  /** Flat `[lng, lat, ...]` of each entry's end, NaN pairs where it has none. */
  readonly ends: number[] = [];
  west = Infinity;
  south = Infinity;
  east = -Infinity;
  north = -Infinity;

  get count(): number {
    return this.coordinates.length / 2;
  }

  add(flat: readonly number[], page = 1, details?: TripDetails): void {
    for (let i = 0, k = 0; i + 1 < flat.length; i += 2, k++) {
      const lng = flat[i] as number;
      const lat = flat[i + 1] as number;
      this.coordinates.push(lng, lat);
      if (lng < this.west) this.west = lng;
      if (lng > this.east) this.east = lng;
      if (lat < this.south) this.south = lat;
      if (lat > this.north) this.north = lat;
      const start = details?.starts[k] ?? -1;
      const end = details?.endOf[k] ?? -1;
      this.ids.push(details?.ids[k] ?? "");
      this.positions.push((page - 1) * TRIPS_PAGE_SIZE + (details?.offsets[k] ?? k));
      this.startTimes.push(start >= 0 ? start * 1000 : NaN);
      const duration = details?.durations[k] ?? -1;
      this.durations.push(duration >= 0 ? duration * 1000 : -1);
      this.distances.push(details?.distances[k] ?? -1);
      if (details && end >= 0) this.ends.push(details.ends[2 * end] ?? NaN, details.ends[2 * end + 1] ?? NaN);
      else this.ends.push(NaN, NaN);
    }
  }

  bounds(): [number, number, number, number] | null {
    return this.count === 0 ? null : [this.west, this.south, this.east, this.north];
  }

  /** The trips page (of TRIPS_PAGE_SIZE) entry i was on when it was read. */
  pageOf(i: number): number {
    return Math.floor((this.positions[i] ?? 0) / TRIPS_PAGE_SIZE) + 1;
  }
}
