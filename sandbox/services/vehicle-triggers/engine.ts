import {
  type PreparedCondition,
  prepareEventCondition,
  prepareSignalCondition,
  type SignalValueType,
} from "@/lib/cel/conditions";
import { privilegeInfo } from "@/lib/protocol";
import { type SandboxClock } from "../../clock";
import { type DeliveryRecord, type WebhookRecord } from "../../store/webhook-records";
import { type WebhookStore } from "../../store/webhook-store";
import { type VehicleStore } from "../../store/vehicle-store";
import { deviceDid } from "../attestation/vin";
import { postCloudEvent } from "./delivery";
import { PairMap } from "./pair-map";
import {
  DEFAULT_SOURCE,
  type EventInput,
  eventReading,
  type Reading,
  type SignalInput,
  signalReading,
  valueTypeOf,
} from "./readings";

/**
 * The real service's trigger pipeline for one reading at a time: find the webhooks that watch the metric for the
 * vehicle, and for each check the license's grant (a subscription the grant no longer allows is removed), the
 * cooldown since the webhook last fired for the vehicle, and the condition over the reading and the previous one;
 * then, if the webhook is enabled and below the failure threshold, POST the CloudEvent once. A success resets the
 * failure count and starts the cooldown; a failure adds to the count, and the threshold marks the webhook `failed`.
 */

type OutcomeKind =
  "delivered" | "failed" | "conditionNotMet" | "coolDown" | "permissionDenied" | "notAttempted" | "evaluationError";

export interface Outcome {
  webhookId: string;
  outcome: OutcomeKind;
  /** The CloudEvent id, for a delivery attempt. */
  deliveryId?: string;
  error?: string;
}

interface Deps {
  store: WebhookStore;
  clock: SandboxClock;
  vehicles: VehicleStore;
  /** Failures in a row that mark a webhook failed. */
  maxFailures: number;
}

export class TriggerEngine {
  private index = new Map<string, WebhookRecord[]>();
  private indexRevision = -1;
  /** The last successful delivery per webhook and vehicle (null: none), read from the store once. */
  private readonly lastFired = new PairMap<{ sentAt: number; snapshot: string } | null>();
  /** Whether lastFired holds every pair that ever fired, so a miss means never. */
  private lastFiredLoaded = false;
  /** The reading of the last successful delivery per vehicle and metric, by any webhook. */
  private readonly lastOfMetric = new Map<string, string | null>();
  private readonly programs = new Map<
    string,
    { condition: string; valueType: SignalValueType; prepared: PreparedCondition | null }
  >();
  /** Per webhook and vehicle: readings are processed one after another, so a cooldown sees the delivery before. */
  private readonly chains = new PairMap<Promise<unknown>>();

  constructor(private readonly deps: Deps) {}

  /** Keeps an injected signal sample and evaluates it at once; resolves when every resulting delivery has finished. */
  ingestSignal(input: SignalInput): Promise<Outcome[]> {
    this.deps.store.recordInjected({
      tokenId: input.tokenId,
      kind: "signal",
      name: input.name,
      timestamp: input.timestamp,
      value: input.value,
      source: input.source ?? DEFAULT_SOURCE,
    });
    return this.evaluateSignal(input);
  }

  /** Evaluates a signal sample without keeping it: a live vehicle's, which the Telemetry API already serves. */
  evaluateSignal(input: SignalInput): Promise<Outcome[]> {
    return this.process(signalReading(input, this.producerOf(input.tokenId)));
  }

  /** Keeps an injected event and evaluates it at once; resolves when every resulting delivery has finished. */
  ingestEvent(input: EventInput): Promise<Outcome[]> {
    this.deps.store.recordInjected({
      tokenId: input.tokenId,
      kind: "event",
      name: input.name,
      timestamp: input.timestamp,
      value: { durationNs: input.durationNs, metadata: input.metadata },
      source: input.source ?? DEFAULT_SOURCE,
    });
    return this.evaluateEvent(input);
  }

  /** Evaluates an event without keeping it: a live vehicle's, which the Telemetry API already serves. */
  evaluateEvent(input: EventInput): Promise<Outcome[]> {
    return this.process(eventReading(input, this.producerOf(input.tokenId)));
  }

  /** Forgets compiled conditions and queued work; the store's reset empties the rest. */
  reset(): void {
    this.programs.clear();
    this.lastFired.clear();
    this.lastFiredLoaded = false;
    this.lastOfMetric.clear();
    this.indexRevision = -1;
  }

  private producerOf(tokenId: number): string | null {
    const vehicle = this.deps.vehicles.get(tokenId);
    return vehicle ? deviceDid(vehicle) : null;
  }

  private watching(assetDid: string, service: string, metricName: string): WebhookRecord[] {
    const { store } = this.deps;
    if (this.indexRevision !== store.revision) {
      const webhooks = new Map(store.all().map((webhook) => [webhook.id, webhook]));
      const index = new Map<string, WebhookRecord[]>();
      for (const subscription of store.allSubscriptions()) {
        const webhook = webhooks.get(subscription.webhookId);
        if (!webhook) continue;
        const key = `${subscription.assetDid}|${webhook.service}|${webhook.metricName}`;
        const list = index.get(key);
        if (list) list.push(webhook);
        else index.set(key, [webhook]);
      }
      this.index = index;
      this.indexRevision = store.revision;
      if (!this.lastFiredLoaded) {
        for (const last of store.allLastDelivered()) {
          this.lastFired.set(last.webhookId, last.assetDid, { sentAt: last.sentAt, snapshot: last.snapshot });
        }
        this.lastFiredLoaded = true;
      }
    }
    return this.index.get(`${assetDid}|${service}|${metricName}`) ?? [];
  }

  private program(webhook: WebhookRecord, valueType: SignalValueType): PreparedCondition | null {
    const cached = this.programs.get(webhook.id);
    if (cached && cached.condition === webhook.condition && cached.valueType === valueType) return cached.prepared;
    const result =
      webhook.service === "signals"
        ? prepareSignalCondition(webhook.condition, valueType)
        : prepareEventCondition(webhook.condition);
    const prepared = result.ok ? result.prepared : null;
    this.programs.set(webhook.id, { condition: webhook.condition, valueType, prepared });
    return prepared;
  }

  private process(reading: Reading): Promise<Outcome[]> {
    const webhooks = this.watching(reading.assetDid, reading.service, reading.metricName);
    if (webhooks.length === 0) return Promise.resolve([]);
    const allowed = this.grantsAllow(webhooks, reading);
    let waiting = false;
    const outcomes = webhooks.map((webhook): Outcome | Promise<Outcome> => {
      const key = { webhookId: webhook.id, assetDid: reading.assetDid };
      const permitted = allowed.get(webhook.license) ?? false;
      // Behind a delivery still in flight for this pair, the whole evaluation waits for it.
      if (this.chains.has(key.webhookId, key.assetDid)) {
        waiting = true;
        return this.serialize(key, () => {
          const verdict = this.evaluate(webhook, reading, permitted);
          return "outcome" in verdict ? Promise.resolve(verdict) : this.fire(verdict, reading);
        });
      }
      const verdict = this.evaluate(webhook, reading, permitted);
      if ("outcome" in verdict) return verdict;
      waiting = true;
      return this.serialize(key, () => this.fire(verdict, reading));
    });
    // Most readings fire nothing: answer them without a promise per webhook.
    return waiting ? Promise.all(outcomes) : Promise.resolve(outcomes as Outcome[]);
  }

  /** Per license: whether its grant of the vehicle is in force and holds every permission the metric needs. */
  private grantsAllow(webhooks: readonly WebhookRecord[], reading: Reading): Map<string, boolean> {
    const out = new Map<string, boolean>();
    const now = this.deps.clock.nowMs();
    for (const { license } of webhooks) {
      if (out.has(license)) continue;
      const grant = this.deps.vehicles.grant(reading.tokenId, license);
      const held = grant && grant.expiresAt > now ? grant.privileges.map((id) => privilegeInfo(id).permission) : [];
      out.set(
        license,
        reading.permissions.every((permission) => held.includes(permission)),
      );
    }
    return out;
  }

  private serialize<T>(key: { webhookId: string; assetDid: string }, task: () => Promise<T>): Promise<T> {
    const { webhookId, assetDid } = key;
    const previous = this.chains.get(webhookId, assetDid) ?? Promise.resolve();
    const run = previous.then(task, task);
    const settled = run.catch(() => undefined);
    this.chains.set(webhookId, assetDid, settled);
    void settled.then(() => {
      if (this.chains.get(webhookId, assetDid) === settled) this.chains.delete(webhookId, assetDid);
    });
    return run;
  }

  private lastFiredFor(webhookId: string, assetDid: string): { sentAt: number; snapshot: string } | null {
    let last = this.lastFired.get(webhookId, assetDid);
    if (last === undefined && this.lastFiredLoaded) return null;
    if (last === undefined) {
      const stored = this.deps.store.lastDelivered(webhookId, assetDid);
      last = stored ? { sentAt: stored.sentAt, snapshot: stored.snapshot } : null;
      this.lastFired.set(webhookId, assetDid, last);
    }
    return last;
  }

  private lastOfMetricFor(assetDid: string, metricName: string): string | null {
    const key = `${assetDid}|${metricName}`;
    let last = this.lastOfMetric.get(key);
    if (last === undefined) {
      last = this.deps.store.lastDeliveredForMetric(assetDid, metricName)?.snapshot ?? null;
      this.lastOfMetric.set(key, last);
    }
    return last;
  }

  /**
   * One webhook and one reading. `webhook` is the index's record, which deliveries update in place (failure count,
   * status), so work queued behind a delivery sees its effect.
   */
  /** Everything before the POST; returns the webhook to deliver to when it fires and may be attempted. */
  private evaluate(indexed: WebhookRecord, reading: Reading, allowed: boolean): Outcome | WebhookRecord {
    const { store, clock } = this.deps;
    const result = (outcome: OutcomeKind, error?: string): Outcome => ({
      webhookId: indexed.id,
      outcome,
      ...(error === undefined ? {} : { error }),
    });
    // Changed through the API while this work waited: the stored webhook is the truth.
    const webhook = store.revision === this.indexRevision ? indexed : store.get(indexed.id);
    if (!webhook) return result("notAttempted");
    if (!allowed) {
      store.unsubscribe(webhook.id, reading.assetDid);
      return result("permissionDenied");
    }
    const last = this.lastFiredFor(webhook.id, reading.assetDid);
    if (last && clock.nowMs() - last.sentAt < webhook.coolDownPeriod * 1000) return result("coolDown");

    const previous =
      reading.previousFrom === "metric"
        ? this.lastOfMetricFor(reading.assetDid, reading.metricName)
        : (last?.snapshot ?? null);
    const valueType = reading.service === "signals" ? valueTypeOf(reading) : "float64";
    const prepared = this.program(webhook, valueType);
    if (!prepared) return result("evaluationError", "the condition does not compile");
    let fires: boolean;
    try {
      fires = reading.fires(prepared, previous);
    } catch (error) {
      return result("evaluationError", error instanceof Error ? error.message : String(error));
    }
    if (!fires) return result("conditionNotMet");
    if (webhook.status !== "enabled" || webhook.failureCount >= this.deps.maxFailures) return result("notAttempted");
    return webhook;
  }

  /**
   * The POST and its consequences. `webhook` is the index's record, which this updates in place (failure count,
   * status), so work queued behind it sees the effect.
   */
  private async fire(webhook: WebhookRecord, reading: Reading): Promise<Outcome> {
    const { store, clock } = this.deps;
    const delivery = await this.deliver(webhook, reading);
    const outcome: Outcome = {
      webhookId: webhook.id,
      outcome: delivery.status,
      deliveryId: delivery.id,
      ...(delivery.error ? { error: delivery.error } : {}),
    };
    if (!store.open) return outcome;
    if (delivery.status === "delivered") {
      this.lastFired.set(webhook.id, reading.assetDid, { sentAt: delivery.sentAt, snapshot: reading.snapshot });
      this.lastOfMetric.set(`${reading.assetDid}|${reading.metricName}`, reading.snapshot);
      if (webhook.failureCount > 0) {
        webhook.failureCount = 0;
        webhook.status = "enabled";
        store.setFailures(webhook.id, 0, "enabled", clock.nowMs());
      }
    } else {
      webhook.failureCount += 1;
      if (webhook.failureCount >= this.deps.maxFailures) webhook.status = "failed";
      store.setFailures(webhook.id, webhook.failureCount, webhook.status, clock.nowMs());
    }
    return outcome;
  }

  private async deliver(webhook: WebhookRecord, reading: Reading): Promise<DeliveryRecord> {
    const { clock, store } = this.deps;
    const delivery = await postCloudEvent(webhook, reading, clock.nowMs());
    // A sandbox closed while the POST was in flight has nowhere to write it.
    if (store.open) store.addDelivery(delivery);
    return delivery;
  }
}
