import type { PointStore } from "@/components/trips/point-store";
import type { AllTripsBuildRequest, AllTripsBuildResponse } from "./all-trips-worker";

/**
 * The page's side of all-trips-worker.ts: one worker per map, one build at a time answered in order. The URLs it
 * returns are Blob URLs for MapLibre's `setData`; the caller revokes them once the map has loaded them.
 */
export interface AllTripsGeoJson {
  clusters: string;
  density: string | null;
  count: number;
}

export class AllTripsGeoJsonBuilder {
  private readonly worker = new Worker(new URL("./all-trips-worker.ts", import.meta.url));
  private next = 0;
  private readonly waiting = new Map<number, { resolve: (value: AllTripsGeoJson) => void; reject: (error: Error) => void }>();

  constructor() {
    this.worker.addEventListener("message", (event: MessageEvent<AllTripsBuildResponse>) => {
      const answer = event.data;
      const pending = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      if (!pending) return;
      if (!answer.ok) return pending.reject(new Error(answer.message));
      pending.resolve({
        clusters: URL.createObjectURL(answer.clusters),
        density: answer.density ? URL.createObjectURL(answer.density) : null,
        count: answer.count,
      });
    });
  }

  /** The store's trips in `bounds` as GeoJSON files; the arrays are copied, so the store may keep growing. */
  build(store: PointStore, bounds: { from: number; to: number } | null, density: boolean): Promise<AllTripsGeoJson> {
    const id = this.next++;
    const request: AllTripsBuildRequest = {
      id,
      starts: Float64Array.from(store.coordinates),
      ends: Float64Array.from(store.ends),
      times: Float64Array.from(store.startTimes),
      bounds,
      density,
    };
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage(request, [request.starts.buffer, request.ends.buffer, request.times.buffer]);
    });
  }

  dispose(): void {
    this.worker.terminate();
    for (const pending of this.waiting.values()) pending.reject(new Error("the map was closed"));
    this.waiting.clear();
  }
}
