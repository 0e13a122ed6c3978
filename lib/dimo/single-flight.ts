import "server-only";

/**
 * Shares one in-flight promise among concurrent callers with the same key: fifty requests that need the same token
 * at once cause one exchange. The key is released when the promise settles, so a failure is not remembered.
 */
export class SingleFlight<T> {
  private readonly inFlight = new Map<string, Promise<T>>();

  run(key: string, work: () => Promise<T>): Promise<T> {
    const existing = this.inFlight.get(key);
    if (existing) return existing;
    // Starting the work a microtask later puts the promise in the map before the work can settle.
    const promise: Promise<T> = Promise.resolve()
      .then(work)
      .finally(() => {
        if (this.inFlight.get(key) === promise) this.inFlight.delete(key);
      });
    this.inFlight.set(key, promise);
    return promise;
  }

  has(key: string): boolean {
    return this.inFlight.has(key);
  }
}
