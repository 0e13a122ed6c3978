/**
 * A map that holds at most `max` entries: setting one more drops the least recently used (read or set). For caches
 * whose keys come from outside (token ids in URLs, tokens issued upstream), so memory stays bounded whatever arrives.
 */
export class LruMap<K, V> {
  // A Map iterates in insertion order: re-inserting on each use keeps the least recently used first.
  private readonly map = new Map<K, V>();

  constructor(readonly max: number) {
    if (!Number.isSafeInteger(max) || max < 1)
      throw new RangeError("an LRU map's maximum must be a positive whole number");
  }

  get size(): number {
    return this.map.size;
  }

  has(key: K): boolean {
    return this.map.has(key);
  }

  /** The value under `key`, which becomes the most recently used. */
  get(key: K): V | undefined {
    if (!this.map.has(key)) return undefined;
    const value = this.map.get(key) as V;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    for (const oldest of this.map.keys()) {
      if (this.map.size <= this.max) break;
      this.map.delete(oldest);
    }
  }

  delete(key: K): boolean {
    return this.map.delete(key);
  }

  /** Every entry, least recently used first; reading them does not count as a use. */
  entries(): IterableIterator<[K, V]> {
    return this.map.entries();
  }
}
