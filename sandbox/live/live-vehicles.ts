import type Database from "better-sqlite3";
import { LIVE_VEHICLES } from "../seed/vehicles";
import { readMeta } from "../store/database";
import { LiveDriveSync } from "./live-drive-sync";
import { type LiveContext, LiveFeed } from "./live-feed";
import { type LiveVehicle } from "./live-trips";

/**
 * The seeded vehicles that drive in real time against the sandbox's clock (see sandbox/README.md, "Live vehicles"):
 * a ticker brings their drives into the stores as the clock reaches them and hands what they sent to the webhook
 * evaluator. The control surface ticks at once when it moves the clock, so a test that advances the clock need not
 * wait for the next tick.
 */

/** How often the ticker runs, by the wall clock. */
const LIVE_TICK_MS = 5000;

interface LiveVehicleState {
  tokenId: number;
  driving: boolean;
  /** The drive under way, or the last one. */
  trip: { start: string; end: string } | null;
  /** When the next drive leaves. */
  nextDeparture: string | null;
}

export interface LiveStatus {
  enabled: boolean;
  /** Every delivery caused by what the vehicles sent before this time (sandbox clock) has finished. */
  settledUntil: string;
  vehicles: LiveVehicleState[];
}

const iso = (us: number) => new Date(Math.floor(us / 1000)).toISOString();

export class LiveVehicles {
  private readonly vehicles: readonly LiveVehicle[];
  private readonly sync: LiveDriveSync;
  private readonly feed: LiveFeed;
  private timer: NodeJS.Timeout | null = null;
  private feeding: Promise<void> | null = null;
  private feedAgain = false;

  constructor(
    private readonly ctx: LiveContext,
    db: Database.Database,
    readonly enabled: boolean,
  ) {
    this.vehicles = enabled
      ? LIVE_VEHICLES.filter((v): v is LiveVehicle => ctx.vehicles.get(v.tokenId) !== undefined)
      : [];
    const anchorMs = Number(readMeta(db, "anchor_ms") ?? 0);
    this.sync = new LiveDriveSync({ db, drives: ctx.drives, vehicles: ctx.vehicles, anchorMs }, this.vehicles);
    this.feed = new LiveFeed(
      ctx,
      this.vehicles.map((v) => v.tokenId),
    );
  }

  isLive(tokenId: number): boolean {
    return this.vehicles.some((v) => v.tokenId === tokenId);
  }

  /** Brings the live vehicles' drives and trips to the clock. Cheap when nothing is due. */
  catchUp(): void {
    if (this.vehicles.length > 0) this.sync.sync(this.ctx.clock.nowMs());
  }

  /** Catches up, then hands what was sent since the last tick to the evaluator; resolves when that is delivered. */
  tick(): Promise<void> {
    if (this.vehicles.length === 0) return Promise.resolve();
    this.catchUp();
    if (this.feeding) {
      this.feedAgain = true;
      return this.feeding;
    }
    const run = async () => {
      do {
        this.feedAgain = false;
        await this.feed.feed();
      } while (this.feedAgain);
    };
    this.feeding = run().finally(() => {
      this.feeding = null;
    });
    return this.feeding;
  }

  /** Nothing sent before now is handed over (after a reset). */
  restartFeed(): void {
    this.feed.restart();
  }

  start(): void {
    if (this.vehicles.length === 0 || this.timer) return;
    this.catchUp();
    this.feed.restart();
    this.timer = setInterval(() => this.tickLogged(), LIVE_TICK_MS);
    // The ticker alone never keeps the process alive.
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** A tick whose failure is reported, not thrown: nobody awaits the ticker. A sandbox closing mid-tick is no failure. */
  tickLogged(): void {
    this.tick().catch((error: unknown) => {
      if (this.ctx.webhooks.open) console.error("DIMO sandbox: a live vehicle's tick failed:", error);
    });
  }

  status(): LiveStatus {
    const nowUs = this.ctx.clock.nowMs() * 1000;
    return {
      enabled: this.enabled,
      settledUntil: new Date(this.feed.settledUntilMs).toISOString(),
      vehicles: this.vehicles.map(({ tokenId }) => {
        const current = this.ctx.drives.lastStartedBy(tokenId, nowUs);
        const next = this.ctx.drives.firstStartedFrom(tokenId, nowUs + 1);
        return {
          tokenId,
          driving: current !== undefined && current.endUs > nowUs,
          trip: current ? { start: iso(current.startUs), end: iso(current.endUs) } : null,
          nextDeparture: next ? iso(next.startUs) : null,
        };
      }),
    };
  }
}
