import type Database from "better-sqlite3";
import {
  type DeliveryRecord,
  type InjectedKind,
  type InjectedSample,
  type SubscriptionRecord,
  type WebhookRecord,
  type WebhookStatus,
} from "./webhook-records";
import { type DeliveryRow, toDelivery, toWebhook, WEBHOOK_TABLES_SQL, type WebhookRow } from "./webhook-tables";

/**
 * The Vehicle Triggers service's data: webhooks (with their failure counts), vehicle subscriptions, every delivery
 * attempt (the real service's trigger logs, plus failed attempts so the control surface can show them), and the
 * samples and events injected through the control surface. Its tables are created here, beside the seeded ones, and
 * emptied by the sandbox's reset.
 */

export class DuplicateDisplayNameError extends Error {
  constructor() {
    super("Display name must be unique");
    this.name = "DuplicateDisplayNameError";
  }
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Error && "code" in error && error.code === "SQLITE_CONSTRAINT_UNIQUE";

export class WebhookStore {
  private readonly statements;
  /** Bumped on every change to webhooks or subscriptions, so evaluators know when to rebuild their index. */
  private revisionCounter = 0;

  constructor(private readonly db: Database.Database) {
    db.exec(WEBHOOK_TABLES_SQL);
    this.statements = {
      insert: db.prepare<[WebhookRow]>(
        `INSERT INTO vt_webhooks (id, license, service, metric_name, condition, target_url, cooldown_period, status,
           description, display_name, failure_count, created_at, updated_at)
         VALUES (@id, @license, @service, @metric_name, @condition, @target_url, @cooldown_period, @status,
           @description, @display_name, @failure_count, @created_at, @updated_at)`,
      ),
      update: db.prepare<[WebhookRow]>(
        `UPDATE vt_webhooks SET condition = @condition, target_url = @target_url, cooldown_period = @cooldown_period,
           status = @status, description = @description, display_name = @display_name,
           failure_count = @failure_count, updated_at = @updated_at
         WHERE id = @id`,
      ),
      get: db.prepare<[string], WebhookRow>("SELECT * FROM vt_webhooks WHERE id = ?"),
      ofLicense: db.prepare<[string], WebhookRow>("SELECT * FROM vt_webhooks WHERE license = ? ORDER BY id"),
      all: db.prepare<[], WebhookRow>("SELECT * FROM vt_webhooks"),
      remove: db.prepare<[string]>("DELETE FROM vt_webhooks WHERE id = ?"),
      setFailures: db.prepare<[number, string, number, string]>(
        "UPDATE vt_webhooks SET failure_count = ?, status = ?, updated_at = ? WHERE id = ?",
      ),
      subscribe: db.prepare<[string, string, number]>(
        "INSERT INTO vt_subscriptions (webhook_id, asset_did, created_at) VALUES (?, ?, ?)",
      ),
      unsubscribe: db.prepare<[string, string]>("DELETE FROM vt_subscriptions WHERE webhook_id = ? AND asset_did = ?"),
      unsubscribeAll: db.prepare<[string]>("DELETE FROM vt_subscriptions WHERE webhook_id = ?"),
      subscriptionsOfWebhook: db.prepare<[string], { webhook_id: string; asset_did: string; created_at: number }>(
        "SELECT * FROM vt_subscriptions WHERE webhook_id = ? ORDER BY created_at, asset_did",
      ),
      subscriptionsOfVehicle: db.prepare<
        [string, string],
        { webhook_id: string; asset_did: string; created_at: number }
      >(
        `SELECT s.* FROM vt_subscriptions s JOIN vt_webhooks w ON w.id = s.webhook_id
         WHERE s.asset_did = ? AND w.license = ? ORDER BY s.created_at, s.webhook_id`,
      ),
      allSubscriptions: db.prepare<[], { webhook_id: string; asset_did: string; created_at: number }>(
        "SELECT * FROM vt_subscriptions",
      ),
      addDelivery: db.prepare<[DeliveryRow]>(
        `INSERT INTO vt_deliveries (id, webhook_id, asset_did, token_id, service, metric_name, target_url, status,
           http_status, error, sent_at, duration_ms, event, snapshot)
         VALUES (@id, @webhook_id, @asset_did, @token_id, @service, @metric_name, @target_url, @status,
           @http_status, @error, @sent_at, @duration_ms, @event, @snapshot)`,
      ),
      lastDelivered: db.prepare<[string, string], DeliveryRow>(
        `SELECT * FROM vt_deliveries WHERE webhook_id = ? AND asset_did = ? AND status = 'delivered'
         ORDER BY seq DESC LIMIT 1`,
      ),
      lastDeliveredForMetric: db.prepare<[string, string], DeliveryRow>(
        `SELECT * FROM vt_deliveries WHERE asset_did = ? AND metric_name = ? AND status = 'delivered'
         ORDER BY seq DESC LIMIT 1`,
      ),
      allLastDelivered: db.prepare<[], { webhook_id: string; asset_did: string; sent_at: number; snapshot: string }>(
        `SELECT d.webhook_id, d.asset_did, d.sent_at, d.snapshot FROM vt_deliveries d
         JOIN (SELECT MAX(seq) AS seq FROM vt_deliveries WHERE status = 'delivered' GROUP BY webhook_id, asset_did) m
           ON m.seq = d.seq`,
      ),
      deliveries: db.prepare<[{ webhookId: string | null; since: number; limit: number }], DeliveryRow>(
        `SELECT * FROM vt_deliveries WHERE (@webhookId IS NULL OR webhook_id = @webhookId) AND sent_at >= @since
         ORDER BY seq DESC LIMIT @limit`,
      ),
      inject: db.prepare<[number, string, string, number, string, string]>(
        "INSERT INTO vt_injected (token_id, kind, name, timestamp, value, source) VALUES (?, ?, ?, ?, ?, ?)",
      ),
      injected: db.prepare<
        [{ tokenId: number; kind: string; name: string | null; from: number; to: number }],
        { token_id: number; kind: InjectedKind; name: string; timestamp: number; value: string; source: string }
      >(
        `SELECT token_id, kind, name, timestamp, value, source FROM vt_injected
         WHERE token_id = @tokenId AND kind = @kind AND (@name IS NULL OR name = @name)
           AND timestamp >= @from AND timestamp <= @to
         ORDER BY timestamp, seq`,
      ),
    };
  }

  /** False once the sandbox has closed the database. */
  get open(): boolean {
    return this.db.open;
  }

  /** Changes whenever webhooks or subscriptions change. */
  get revision(): number {
    return this.revisionCounter;
  }

  private changed(): void {
    this.revisionCounter += 1;
  }

  /** Throws DuplicateDisplayNameError when the license already has a webhook of that display name. */
  create(webhook: WebhookRecord): void {
    try {
      this.statements.insert.run(this.toRow(webhook));
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateDisplayNameError();
      throw error;
    }
    this.changed();
  }

  /** Throws DuplicateDisplayNameError when the new display name is another webhook's of the same license. */
  update(webhook: WebhookRecord): void {
    try {
      this.statements.update.run(this.toRow(webhook));
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateDisplayNameError();
      throw error;
    }
    this.changed();
  }

  get(id: string): WebhookRecord | undefined {
    const row = this.statements.get.get(id);
    return row ? toWebhook(row) : undefined;
  }

  /** A license's webhooks, ordered by id as the real service lists them. */
  ofLicense(license: string): WebhookRecord[] {
    return this.statements.ofLicense.all(license.toLowerCase()).map(toWebhook);
  }

  all(): WebhookRecord[] {
    return this.statements.all.all().map(toWebhook);
  }

  /** Deletes a webhook and its subscriptions; its deliveries stay in the log. */
  remove(id: string): void {
    this.db.transaction(() => {
      this.statements.unsubscribeAll.run(id);
      this.statements.remove.run(id);
    })();
    this.changed();
  }

  /** Leaves the revision alone: the evaluator that counts failures updates its own copy. */
  setFailures(id: string, failureCount: number, status: WebhookStatus, nowMs: number): void {
    this.statements.setFailures.run(failureCount, status, nowMs, id);
  }

  /** False when the vehicle was already subscribed. */
  subscribe(webhookId: string, assetDid: string, nowMs: number): boolean {
    try {
      this.statements.subscribe.run(webhookId, assetDid, nowMs);
    } catch (error) {
      if (error instanceof Error && "code" in error && String(error.code).startsWith("SQLITE_CONSTRAINT")) return false;
      throw error;
    }
    this.changed();
    return true;
  }

  /** How many subscriptions went (0 or 1). */
  unsubscribe(webhookId: string, assetDid: string): number {
    const { changes } = this.statements.unsubscribe.run(webhookId, assetDid);
    if (changes > 0) this.changed();
    return changes;
  }

  unsubscribeAll(webhookId: string): number {
    const { changes } = this.statements.unsubscribeAll.run(webhookId);
    if (changes > 0) this.changed();
    return changes;
  }

  subscriptionsOfWebhook(webhookId: string): SubscriptionRecord[] {
    return this.statements.subscriptionsOfWebhook.all(webhookId).map((row) => ({
      webhookId: row.webhook_id,
      assetDid: row.asset_did,
      createdAt: row.created_at,
    }));
  }

  /** A vehicle's subscriptions to one license's webhooks. */
  subscriptionsOfVehicle(assetDid: string, license: string): SubscriptionRecord[] {
    return this.statements.subscriptionsOfVehicle.all(assetDid, license.toLowerCase()).map((row) => ({
      webhookId: row.webhook_id,
      assetDid: row.asset_did,
      createdAt: row.created_at,
    }));
  }

  allSubscriptions(): SubscriptionRecord[] {
    return this.statements.allSubscriptions.all().map((row) => ({
      webhookId: row.webhook_id,
      assetDid: row.asset_did,
      createdAt: row.created_at,
    }));
  }

  addDelivery(delivery: DeliveryRecord): void {
    this.statements.addDelivery.run({
      id: delivery.id,
      webhook_id: delivery.webhookId,
      asset_did: delivery.assetDid,
      token_id: delivery.tokenId,
      service: delivery.service,
      metric_name: delivery.metricName,
      target_url: delivery.targetUrl,
      status: delivery.status,
      http_status: delivery.httpStatus,
      error: delivery.error,
      sent_at: delivery.sentAt,
      duration_ms: delivery.durationMs,
      event: delivery.event,
      snapshot: delivery.snapshot,
    });
  }

  /** The last successful delivery of a webhook for a vehicle: its cooldown starts there. */
  lastDelivered(webhookId: string, assetDid: string): DeliveryRecord | undefined {
    const row = this.statements.lastDelivered.get(webhookId, assetDid);
    return row ? toDelivery(row) : undefined;
  }

  /** Every webhook and vehicle's last successful delivery, in one read. */
  allLastDelivered(): { webhookId: string; assetDid: string; sentAt: number; snapshot: string }[] {
    return this.statements.allLastDelivered.all().map((row) => ({
      webhookId: row.webhook_id,
      assetDid: row.asset_did,
      sentAt: row.sent_at,
      snapshot: row.snapshot,
    }));
  }

  /** The last successful delivery for a vehicle and metric, by any webhook (deleted ones too). */
  lastDeliveredForMetric(assetDid: string, metricName: string): DeliveryRecord | undefined {
    const row = this.statements.lastDeliveredForMetric.get(assetDid, metricName);
    return row ? toDelivery(row) : undefined;
  }

  /** Delivery attempts, newest first. */
  deliveries(filter: { webhookId?: string; since?: number; limit?: number } = {}): DeliveryRecord[] {
    return this.statements.deliveries
      .all({ webhookId: filter.webhookId ?? null, since: filter.since ?? 0, limit: filter.limit ?? 1000 })
      .map(toDelivery);
  }

  recordInjected(sample: InjectedSample): void {
    this.statements.inject.run(
      sample.tokenId,
      sample.kind,
      sample.name,
      sample.timestamp,
      JSON.stringify(sample.value),
      sample.source,
    );
  }

  /**
   * The samples (or events) injected for a vehicle through the control surface, oldest first: for the Telemetry API
   * to serve beside its generated history. `from` and `to` are epoch milliseconds, inclusive.
   */
  injected(
    tokenId: number,
    kind: InjectedKind,
    filter: { name?: string; from?: number; to?: number } = {},
  ): InjectedSample[] {
    return this.statements.injected
      .all({
        tokenId,
        kind,
        name: filter.name ?? null,
        from: filter.from ?? Number.MIN_SAFE_INTEGER,
        to: filter.to ?? Number.MAX_SAFE_INTEGER,
      })
      .map((row) => ({
        tokenId: row.token_id,
        kind: row.kind,
        name: row.name,
        timestamp: row.timestamp,
        value: JSON.parse(row.value) as unknown,
        source: row.source,
      }));
  }

  clear(): void {
    this.db.exec(
      "DELETE FROM vt_subscriptions; DELETE FROM vt_webhooks; DELETE FROM vt_deliveries; DELETE FROM vt_injected;",
    );
    this.changed();
  }

  private toRow(webhook: WebhookRecord): WebhookRow {
    return {
      id: webhook.id,
      license: webhook.license.toLowerCase(),
      service: webhook.service,
      metric_name: webhook.metricName,
      condition: webhook.condition,
      target_url: webhook.targetUrl,
      cooldown_period: webhook.coolDownPeriod,
      status: webhook.status,
      description: webhook.description,
      display_name: webhook.displayName,
      failure_count: webhook.failureCount,
      created_at: webhook.createdAt,
      updated_at: webhook.updatedAt,
    };
  }
}
