import { randomUUID } from "node:crypto";
import {
  EMPTY_EVENT,
  EMPTY_LOCATION,
  EMPTY_SIGNAL,
  evaluateEventCondition,
  evaluateSignalCondition,
  type EventReading,
  type GeoLocation,
  prepareEventCondition,
  prepareSignalCondition,
  type PreparedCondition,
  type SignalReading,
  type SignalValueType,
} from "@/lib/cel/conditions";
import { privilegeInfo, vehicleDid } from "@/lib/protocol";
import { type SandboxClock } from "../../clock";
import { type DeliveryRecord, type WebhookRecord, type WebhookStore } from "../../store/webhook-store";
import { type VehicleStore } from "../../store/vehicle-store";
import { formatGoTime } from "../attestation/go-time";
import { deviceDid } from "../attestation/vin";
import { DEFAULT_PERMISSIONS, signalDefinitionOrDefault, VSS_PREFIX } from "./signals";

/**
 * The real service's trigger pipeline for one reading at a time: find the webhooks that watch the metric for the
 * vehicle, and for each check the license's grant (a subscription the grant no longer allows is removed), the
 * cooldown since the webhook last fired for the vehicle, and the condition over the reading and the previous one;
 * then, if the webhook is enabled and below the failure threshold, POST the CloudEvent once. A success resets the
 * failure count and starts the cooldown; a failure adds to the count, and the threshold marks the webhook `failed`.
 */

/** What the sandbox's sources report as the reading's connection when none is given. */
export const DEFAULT_SOURCE = "0x0000000000000000000000000000000000000000";

const DELIVERY_TIMEOUT_MS = 30_000;
const USER_AGENT = "DIMO-Webhook/1.0";
/** How much of a failed answer's body the failure reason keeps. */
const ERROR_BODY_BYTES = 1024;

export interface SignalInput {
  tokenId: number;
  /** The bare signal name (`speed`), as telemetry names it. */
  name: string;
  value: number | string | GeoLocation;
  /** Epoch milliseconds. */
  timestamp: number;
  source?: string;
}

export interface EventInput {
  tokenId: number;
  /** The full event name (`behavior.harshBraking`). */
  name: string;
  timestamp: number;
  durationNs: number;
  metadata: string;
  source?: string;
}

export type OutcomeKind =
  "delivered" | "failed" | "conditionNotMet" | "coolDown" | "permissionDenied" | "notAttempted" | "evaluationError";

export interface Outcome {
  webhookId: string;
  outcome: OutcomeKind;
  /** The CloudEvent id, for a delivery attempt. */
  deliveryId?: string;
  error?: string;
}

interface Reading {
  assetDid: string;
  tokenId: number;
  service: "signals" | "events";
  metricName: string;
  /** The permissions the license's grant must hold, as the token exchange names them. */
  permissions: readonly string[];
  /** Whether the condition fires, given the previous reading's snapshot (JSON) or null. */
  fires(prepared: PreparedCondition, previousSnapshot: string | null): boolean;
  /** What the condition saw, kept as the next evaluation's previous reading. */
  snapshot: string;
  /** The signal or event part of the CloudEvent's data. */
  payload: Record<string, unknown>;
  /** Previous readings come from the metric's last delivery (signals) or the webhook's own (events). */
  previousFrom: "metric" | "webhook";
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
  private readonly lastFired = new Map<string, { sentAt: number; snapshot: string } | null>();
  /** The reading of the last successful delivery per vehicle and metric, by any webhook. */
  private readonly lastOfMetric = new Map<string, string | null>();
  private readonly programs = new Map<string, { key: string; prepared: PreparedCondition | null }>();
  /** Per webhook and vehicle: readings are processed one after another, so a cooldown sees the delivery before. */
  private readonly chains = new Map<string, Promise<unknown>>();

  constructor(private readonly deps: Deps) {}

  /** Evaluates a signal sample at once; resolves when every resulting delivery has finished. */
  ingestSignal(input: SignalInput): Promise<Outcome[]> {
    const source = input.source ?? DEFAULT_SOURCE;
    this.deps.store.recordInjected({
      tokenId: input.tokenId,
      kind: "signal",
      name: input.name,
      timestamp: input.timestamp,
      value: input.value,
      source,
    });
    const valueType: SignalValueType =
      typeof input.value === "number" ? "float64" : typeof input.value === "string" ? "string" : "vss.Location";
    const definition = signalDefinitionOrDefault(input.name, valueType);
    const current: SignalReading = {
      ...EMPTY_SIGNAL,
      source,
      ...(typeof input.value === "number"
        ? { valueNumber: input.value }
        : typeof input.value === "string"
          ? { valueString: input.value }
          : { valueLocation: { ...EMPTY_LOCATION, ...input.value } }),
    };
    const value =
      definition.valueType === "float64"
        ? current.valueNumber
        : definition.valueType === "string"
          ? current.valueString
          : { heading: 0, ...current.valueLocation };
    const producer = this.producerOf(input.tokenId);
    return this.process({
      assetDid: vehicleDid(input.tokenId),
      tokenId: input.tokenId,
      service: "signals",
      metricName: `${VSS_PREFIX}${input.name}`,
      permissions: definition.permissions,
      fires: (prepared, previous) =>
        evaluateSignalCondition(
          { ...prepared, valueType: definition.valueType },
          current,
          previous ? (JSON.parse(previous) as SignalReading) : EMPTY_SIGNAL,
        ),
      snapshot: JSON.stringify(current),
      payload: {
        signal: {
          name: input.name,
          ...(definition.unit ? { unit: definition.unit } : {}),
          timestamp: formatGoTime(input.timestamp * 1000),
          source,
          ...(producer ? { producer } : {}),
          valueType: definition.valueType,
          value,
        },
      },
      previousFrom: "metric",
    });
  }

  /** Evaluates an event at once; resolves when every resulting delivery has finished. */
  ingestEvent(input: EventInput): Promise<Outcome[]> {
    const source = input.source ?? DEFAULT_SOURCE;
    this.deps.store.recordInjected({
      tokenId: input.tokenId,
      kind: "event",
      name: input.name,
      timestamp: input.timestamp,
      value: { durationNs: input.durationNs, metadata: input.metadata },
      source,
    });
    const current: EventReading = {
      name: input.name,
      source,
      durationNs: input.durationNs,
      metadata: input.metadata,
    };
    const producer = this.producerOf(input.tokenId);
    return this.process({
      assetDid: vehicleDid(input.tokenId),
      tokenId: input.tokenId,
      service: "events",
      metricName: input.name,
      // Events need what the real service's default permissions name.
      permissions: DEFAULT_PERMISSIONS,
      fires: (prepared, previous) =>
        evaluateEventCondition(prepared, current, previous ? (JSON.parse(previous) as EventReading) : EMPTY_EVENT),
      snapshot: JSON.stringify(current),
      payload: {
        event: {
          name: input.name,
          timestamp: formatGoTime(input.timestamp * 1000),
          source,
          ...(producer ? { producer } : {}),
          durationNs: input.durationNs,
          ...(input.metadata ? { metadata: input.metadata } : {}),
        },
      },
      previousFrom: "webhook",
    });
  }

  /** Forgets compiled conditions and queued work; the store's reset empties the rest. */
  reset(): void {
    this.programs.clear();
    this.lastFired.clear();
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
    }
    return this.index.get(`${assetDid}|${service}|${metricName}`) ?? [];
  }

  private program(webhook: WebhookRecord, valueType: SignalValueType): PreparedCondition | null {
    const key = `${webhook.condition}\u0000${valueType}`;
    const cached = this.programs.get(webhook.id);
    if (cached?.key === key) return cached.prepared;
    const result =
      webhook.service === "signals"
        ? prepareSignalCondition(webhook.condition, valueType)
        : prepareEventCondition(webhook.condition);
    const prepared = result.ok ? result.prepared : null;
    this.programs.set(webhook.id, { key, prepared });
    return prepared;
  }

  private async process(reading: Reading): Promise<Outcome[]> {
    const webhooks = this.watching(reading.assetDid, reading.service, reading.metricName);
    if (webhooks.length === 0) return [];
    const allowed = this.grantsAllow(webhooks, reading);
    return Promise.all(
      webhooks.map((webhook) =>
        this.serialize(`${webhook.id}|${reading.assetDid}`, () =>
          this.processOne(webhook, reading, allowed.get(webhook.license) ?? false),
        ),
      ),
    );
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

  private serialize<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.chains.get(key) ?? Promise.resolve();
    const run = previous.then(task, task);
    const settled = run.catch(() => undefined);
    this.chains.set(key, settled);
    void settled.then(() => {
      if (this.chains.get(key) === settled) this.chains.delete(key);
    });
    return run;
  }

  private lastFiredFor(webhookId: string, assetDid: string): { sentAt: number; snapshot: string } | null {
    const key = `${webhookId}|${assetDid}`;
    let last = this.lastFired.get(key);
    if (last === undefined) {
      const stored = this.deps.store.lastDelivered(webhookId, assetDid);
      last = stored ? { sentAt: stored.sentAt, snapshot: stored.snapshot } : null;
      this.lastFired.set(key, last);
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
  private async processOne(indexed: WebhookRecord, reading: Reading, allowed: boolean): Promise<Outcome> {
    const { store, clock } = this.deps;
    const result = (outcome: OutcomeKind, extra: Partial<Outcome> = {}): Outcome => ({
      webhookId: indexed.id,
      outcome,
      ...extra,
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
    if (!prepared) return result("evaluationError", { error: "the condition does not compile" });
    let fires: boolean;
    try {
      fires = reading.fires(prepared, previous);
    } catch (error) {
      return result("evaluationError", { error: error instanceof Error ? error.message : String(error) });
    }
    if (!fires) return result("conditionNotMet");
    if (webhook.status !== "enabled" || webhook.failureCount >= this.deps.maxFailures) return result("notAttempted");

    const delivery = await this.deliver(webhook, reading);
    if (!store.open) return result(delivery.status, { deliveryId: delivery.id });
    if (delivery.status === "delivered") {
      this.lastFired.set(`${webhook.id}|${reading.assetDid}`, { sentAt: delivery.sentAt, snapshot: reading.snapshot });
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
    return result(delivery.status, {
      deliveryId: delivery.id,
      ...(delivery.error ? { error: delivery.error } : {}),
    });
  }

  private async deliver(webhook: WebhookRecord, reading: Reading): Promise<DeliveryRecord> {
    const { clock, store } = this.deps;
    const id = randomUUID();
    const sentAt = clock.nowMs();
    const event = JSON.stringify({
      specversion: "1.0",
      type: "dimo.trigger",
      source: "vehicle-triggers-api",
      subject: reading.assetDid,
      id,
      time: formatGoTime(sentAt * 1000),
      datacontenttype: "application/json",
      dataversion: `${webhook.service}/v1.0`,
      producer: "",
      data: {
        service: webhook.service,
        metricName: webhook.metricName,
        webhookId: webhook.id,
        webhookName: webhook.displayName,
        assetDID: reading.assetDid,
        condition: webhook.condition,
        ...reading.payload,
      },
    });
    const started = performance.now();
    let httpStatus: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(webhook.targetUrl, {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": USER_AGENT },
        body: event,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      httpStatus = response.status;
      const body = await response.text();
      if (response.status >= 400) {
        error = `webhook returned status code ${response.status}: ${body.slice(0, ERROR_BODY_BYTES)}`;
      }
    } catch (failure) {
      const reason =
        failure instanceof Error ? (failure.cause instanceof Error ? failure.cause.message : failure.message) : "";
      error = `failed to POST to webhook: ${reason}`;
    }
    const delivery: DeliveryRecord = {
      id,
      webhookId: webhook.id,
      assetDid: reading.assetDid,
      tokenId: reading.tokenId,
      service: webhook.service,
      metricName: webhook.metricName,
      targetUrl: webhook.targetUrl,
      status: error === null ? "delivered" : "failed",
      httpStatus,
      error,
      sentAt,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      event,
      snapshot: reading.snapshot,
    };
    // A sandbox closed while the POST was in flight has nowhere to write it.
    if (store.open) store.addDelivery(delivery);
    return delivery;
  }
}

function valueTypeOf(reading: Reading): SignalValueType {
  const signal = reading.payload.signal as { valueType?: SignalValueType } | undefined;
  return signal?.valueType ?? "float64";
}
