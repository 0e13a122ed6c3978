import type { Feature, Point } from "geojson";
import type { PointStore } from "@/components/trips/point-store";
import type { WindowBounds } from "@/components/trips/time-window";
import type { Bounds as Box } from "@/lib/geo/bounds";
import type { ClusterRequest, ClusterResponse } from "./cluster-worker";
import type { GroupKind } from "./trip-groups";

/** `values[from..to)` as a Float64Array, copied once (a slice first would copy twice). */
function float64Range(values: readonly number[], from: number, to: number): Float64Array {
  const out = new Float64Array(to - from);
  for (let i = from; i < to; i++) out[i - from] = values[i] ?? NaN;
  return out;
}

type Pending = { resolve: (response: ClusterResponse & { ok: true }) => void; reject: (error: Error) => void };

/**
 * The page's side of cluster-worker.ts: one worker per map. `sync` sends the store's points it has not sent yet;
 * the questions are answered in the order asked.
 */
export class ClusterIndex {
  private readonly worker = new Worker(new URL("./cluster-worker.ts", import.meta.url));
  private next = 0;
  private readonly pending = new Map<number, Pending>();
  private store: PointStore | null = null;
  private sent = 0;

  constructor() {
    this.worker.addEventListener("message", (event: MessageEvent<ClusterResponse>) => {
      const answer = event.data;
      const waiting = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      if (!waiting) return;
      if (answer.ok) waiting.resolve(answer);
      else waiting.reject(new Error(answer.message));
    });
  }

  /** The store whose points the worker holds. */
  holds(): PointStore | null {
    return this.store;
  }

  /** Sends the store's new points (all of them again for another store). */
  sync(store: PointStore): void {
    if (store !== this.store) {
      this.store = store;
      this.sent = 0;
      this.post({ type: "reset" });
    }
    const end = store.count;
    if (end <= this.sent) return;
    const lngLat = float64Range(store.coordinates, this.sent * 2, end * 2);
    const ends = float64Range(store.ends, this.sent * 2, end * 2);
    const times = float64Range(store.startTimes, this.sent, end);
    this.post({ type: "append", lngLat, ends, times }, [lngLat.buffer, ends.buffer, times.buffer]);
    this.sent = end;
  }

  /** The groups of a kind and window in the box at the zoom, and how many points the window holds. */
  async clusters(
    kind: GroupKind,
    bounds: WindowBounds,
    bbox: Box,
    zoom: number,
  ): Promise<{ features: Feature<Point>[]; count: number }> {
    const answer = await this.ask((id) => ({ type: "clusters", id, kind, bounds, bbox, zoom }));
    if (!("features" in answer)) throw new Error("the cluster worker answered something else");
    return { features: answer.features, count: answer.count };
  }

  /** The window's `limit` groups of starts holding the most trips at the zoom, busiest first. */
  async busiest(
    bounds: WindowBounds,
    zoom: number,
    limit: number,
  ): Promise<{ features: Feature<Point>[]; count: number }> {
    const answer = await this.ask((id) => ({ type: "busiest", id, bounds, zoom, limit }));
    if (!("features" in answer)) throw new Error("the cluster worker answered something else");
    return { features: answer.features, count: answer.count };
  }

  /** The store indices of up to `limit` trips of a cluster. */
  async leaves(bounds: WindowBounds, clusterId: number, limit: number): Promise<number[]> {
    const answer = await this.ask((id) => ({ type: "leaves", id, bounds, clusterId, limit }));
    if (!("indices" in answer)) throw new Error("the cluster worker answered something else");
    return answer.indices;
  }

  /** The zoom at which a cluster splits. */
  async expansionZoom(bounds: WindowBounds, clusterId: number): Promise<number> {
    const answer = await this.ask((id) => ({ type: "expansion", id, bounds, clusterId }));
    if (!("zoom" in answer)) throw new Error("the cluster worker answered something else");
    return answer.zoom;
  }

  dispose(): void {
    this.worker.terminate();
    for (const waiting of this.pending.values()) waiting.reject(new Error("the map was closed"));
    this.pending.clear();
  }

  private ask(request: (id: number) => ClusterRequest): Promise<ClusterResponse & { ok: true }> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.post(request(id));
    });
  }

  private post(request: ClusterRequest, transfer: Transferable[] = []): void {
    this.worker.postMessage(request, transfer);
  }
}
