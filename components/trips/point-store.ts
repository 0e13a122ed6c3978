/**
 * The all-trips map's points, kept outside React: up to hundreds of thousands of numbers that grow while the stream
 * runs. Readers remember how far they have read (`count`) and take only what is new.
 */
export class PointStore {
  /** Flat `[lng, lat, lng, lat, ...]`. */
  readonly coordinates: number[] = [];
  west = Infinity;
  south = Infinity;
  east = -Infinity;
  north = -Infinity;

  get count(): number {
    return this.coordinates.length / 2;
  }

  add(flat: readonly number[]): void {
    for (let i = 0; i + 1 < flat.length; i += 2) {
      const lng = flat[i] as number;
      const lat = flat[i + 1] as number;
      this.coordinates.push(lng, lat);
      if (lng < this.west) this.west = lng;
      if (lng > this.east) this.east = lng;
      if (lat < this.south) this.south = lat;
      if (lat > this.north) this.north = lat;
    }
  }

  bounds(): [number, number, number, number] | null {
    return this.count === 0 ? null : [this.west, this.south, this.east, this.north];
  }
}
