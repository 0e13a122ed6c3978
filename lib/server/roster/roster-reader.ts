import "server-only";
import type { Vehicle } from "@/lib/models";
import { type RosterChunk, type RosterState, type RosterStore } from "./roster-store";

/**
 * The roster as this process last read it from the store: the state, and the vehicles its chunks and the landings
 * add up to. Chunks never change once written, so a read fetches only the state, the landings and the chunks added
 * since the last read; a new walk (a full re-read swapped in) is read whole once.
 */

export interface RosterSnapshot {
  state: RosterState;
  /** Every vehicle the roster holds (live or with a grant run out since), in no particular order. */
  vehicles: Vehicle[];
  /** The powertrain of each device definition known so far. */
  powertrains: Record<string, string | null>;
  /** The VIN of each vehicle whose VIN the dashboard has read, by token id: not every vehicle's. */
  vins: Record<string, string>;
}

interface Held {
  generation: number;
  chunks: number;
  /** The newest word on each vehicle, with when it was read: a later read wins, whichever way it came. */
  entries: Map<number, { vehicle: Vehicle | null; at: number }>;
}

function apply(entries: Held["entries"], chunk: RosterChunk, notBefore: number): void {
  if (chunk.at < notBefore) return;
  for (const [tokenId, vehicle] of chunk.entries) {
    const known = entries.get(tokenId);
    if (!known || known.at <= chunk.at) entries.set(tokenId, { vehicle, at: chunk.at });
  }
}

export class RosterReader {
  private held: Held | null = null;
  private vehicles: { source: Held["entries"]; landings: string; list: Vehicle[] } | null = null;

  constructor(private readonly store: RosterStore) {}

  /** The roster now; null when the store holds none, or lost one of its chunks (it is then filled again). */
  async read(): Promise<RosterSnapshot | null> {
    const state = await this.store.readState();
    if (state === null) return null;
    const { generation, chunks, startedAt } = state.current;
    let held = this.held;
    if (held === null || held.generation !== generation || held.chunks > chunks) {
      held = { generation, chunks: 0, entries: new Map() };
    }
    const [added, landings, powertrains, vins] = await Promise.all([
      this.store.readChunks(generation, held.chunks, chunks),
      this.store.readLandings(),
      this.store.readPowertrains(),
      this.store.readVins(),
    ]);
    if (added.some((chunk) => chunk === null)) {
      this.held = null;
      return null;
    }
    for (const chunk of added) if (chunk) apply(held.entries, chunk, 0);
    held.chunks = chunks;
    this.held = held;
    return { state, vehicles: this.withLandings(held, landings, startedAt), powertrains, vins };
  }

  /** The held vehicles with the landings on top; a landing older than the walk is already in it, or gone since. */
  private withLandings(held: Held, landings: RosterChunk[], walkStartedAt: number): Vehicle[] {
    const landingsKey = `${held.chunks}:${landings.length}:${landings.at(-1)?.at ?? 0}`;
    if (this.vehicles && this.vehicles.source === held.entries && this.vehicles.landings === landingsKey) {
      return this.vehicles.list;
    }
    let entries = held.entries;
    if (landings.length > 0) {
      entries = new Map(held.entries);
      for (const landing of landings) apply(entries, landing, walkStartedAt);
    }
    const list: Vehicle[] = [];
    for (const { vehicle } of entries.values()) if (vehicle) list.push(vehicle);
    this.vehicles = { source: held.entries, landings: landingsKey, list };
    return list;
  }
}
