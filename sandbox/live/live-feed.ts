import { vehicleDid } from "@/lib/protocol";
import { type SandboxClock } from "../clock";
import { vehicleSource, SANDBOX_SIGNAL_SOURCE } from "../services/telemetry/vehicle-data";
import { type Outcome, type TriggerEngine } from "../services/vehicle-triggers/engine";
import { type EventInput, type SignalInput } from "../services/vehicle-triggers/readings";
import { bareSignalName } from "../services/vehicle-triggers/signals";
import { eventsBetween } from "../telemetry/events";
import { collectSamples } from "../telemetry/samples";
import { LOCATION_SIGNAL } from "../telemetry/signals/names";
import { type DriveStore } from "../store/drive-store";
import { type VehicleStore } from "../store/vehicle-store";
import { type WebhookStore } from "../store/webhook-store";

/** What the live vehicles read of the sandbox's context (which holds them, so they name these parts, not it). */
export interface LiveContext {
  clock: SandboxClock;
  vehicles: VehicleStore;
  drives: DriveStore;
  webhooks: WebhookStore;
  vehicleTriggers: TriggerEngine;
}

/**
 * Hands what live vehicles send to the webhook evaluator, as the real service consumes the vehicles' stream: every
 * sample and driving event a vehicle produced since the last feed, in time order, through the same pipeline as a
 * sample injected through the control surface. Only the metrics that some webhook subscribed to the vehicle watches
 * are generated, so a sandbox without such webhooks does no work.
 */

/** A clock moved far ahead is not replayed further back than this. */
const MAX_REPLAY_US = 3600e6;

interface Watched {
  signals: Set<string>;
  events: Set<string>;
}

type Reading = { t: number; signal: SignalInput } | { t: number; event: EventInput };

export class LiveFeed {
  /** Samples before this time (sandbox clock, microseconds) have been handed over. */
  private fedUntilUs: number;
  /** ...and the deliveries they caused have finished. */
  private settledUntilUs: number;
  private watchedRevision = -1;
  private watched = new Map<number, Watched>();

  constructor(
    private readonly ctx: LiveContext,
    private readonly tokenIds: readonly number[],
  ) {
    this.fedUntilUs = this.settledUntilUs = ctx.clock.nowMs() * 1000;
  }

  /** Where the next feed starts: now, so nothing before it is handed over (after a reset). */
  restart(): void {
    this.fedUntilUs = this.settledUntilUs = this.ctx.clock.nowMs() * 1000;
  }

  /** The sandbox time up to which every delivery the live vehicles caused has finished. */
  get settledUntilMs(): number {
    return this.settledUntilUs / 1000;
  }

  /** Hands over what was sent since the last feed; resolves when the deliveries it caused have finished. */
  async feed(): Promise<void> {
    const nowUs = this.ctx.clock.nowMs() * 1000;
    const fromUs = Math.max(this.fedUntilUs, nowUs - MAX_REPLAY_US);
    // A clock set back or standing still has nothing new; the next feed starts from here.
    this.fedUntilUs = nowUs;
    const work: Promise<Outcome[]>[] = [];
    if (fromUs < nowUs && this.ctx.webhooks.open) {
      for (const tokenId of this.tokenIds) {
        for (const reading of this.readings(tokenId, fromUs, nowUs)) {
          const { vehicleTriggers } = this.ctx;
          work.push(
            "signal" in reading
              ? vehicleTriggers.evaluateSignal(reading.signal)
              : vehicleTriggers.evaluateEvent(reading.event),
          );
        }
      }
    }
    await Promise.all(work);
    this.settledUntilUs = nowUs;
  }

  private readings(tokenId: number, fromUs: number, toUs: number): Reading[] {
    const watched = this.watchedOf(tokenId);
    if (!watched) return [];
    const source = vehicleSource(this.ctx, tokenId);
    if (!source) return [];
    const readings: Reading[] = [];
    const signal = (t: number, name: string, value: SignalInput["value"]) =>
      readings.push({ t, signal: { tokenId, name, value, timestamp: t / 1000, source: SANDBOX_SIGNAL_SOURCE } });
    if (watched.signals.size > 0) {
      const samples = collectSamples(source, fromUs, toUs, watched.signals);
      for (const [name, series] of [...samples.floats, ...samples.strings]) {
        series.t.forEach((t, i) => signal(t, name, series.v[i] as number | string));
      }
      const { location } = samples;
      location.t.forEach((t, i) =>
        signal(t, LOCATION_SIGNAL, {
          latitude: location.lat[i] as number,
          longitude: location.lon[i] as number,
          hdop: location.hdop[i] as number,
        }),
      );
    }
    if (watched.events.size > 0) {
      for (const event of eventsBetween(source, fromUs, toUs)) {
        if (!watched.events.has(event.name)) continue;
        const input = { tokenId, name: event.name, timestamp: event.timestamp / 1000, durationNs: event.durationNs };
        readings.push({ t: event.timestamp, event: { ...input, metadata: "", source: SANDBOX_SIGNAL_SOURCE } });
      }
    }
    // Per metric the evaluator must see readings in the order they were sent.
    return readings.sort((a, b) => a.t - b.t);
  }

  /** What the webhooks subscribed to a vehicle watch, read again whenever webhooks or subscriptions change. */
  private watchedOf(tokenId: number): Watched | undefined {
    const store = this.ctx.webhooks;
    if (store.revision !== this.watchedRevision) {
      const byDid = new Map(this.tokenIds.map((id) => [vehicleDid(id), id]));
      this.watched = new Map();
      for (const subscription of store.allSubscriptions()) {
        const id = byDid.get(subscription.assetDid);
        const webhook = id === undefined ? undefined : store.get(subscription.webhookId);
        if (id === undefined || !webhook) continue;
        let entry = this.watched.get(id);
        if (!entry) {
          entry = { signals: new Set(), events: new Set() };
          this.watched.set(id, entry);
        }
        if (webhook.service === "signals") entry.signals.add(bareSignalName(webhook.metricName));
        else entry.events.add(webhook.metricName);
      }
      this.watchedRevision = store.revision;
    }
    return this.watched.get(tokenId);
  }
}
