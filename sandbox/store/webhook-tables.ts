import { type DeliveryRecord, type DeliveryStatus, type WebhookRecord, type WebhookStatus } from "./webhook-records";

/** The tables behind the webhook store, and how their rows read as records. */

export interface WebhookRow {
  id: string;
  license: string;
  service: string;
  metric_name: string;
  condition: string;
  target_url: string;
  cooldown_period: number;
  status: WebhookStatus;
  description: string;
  display_name: string;
  failure_count: number;
  created_at: number;
  updated_at: number;
}

export interface DeliveryRow {
  id: string;
  webhook_id: string;
  asset_did: string;
  token_id: number;
  service: string;
  metric_name: string;
  target_url: string;
  status: DeliveryStatus;
  http_status: number | null;
  error: string | null;
  sent_at: number;
  duration_ms: number;
  event: string;
  snapshot: string;
}

export const WEBHOOK_TABLES_SQL = `
CREATE TABLE IF NOT EXISTS vt_webhooks (
  id TEXT PRIMARY KEY,
  license TEXT NOT NULL,
  service TEXT NOT NULL,
  metric_name TEXT NOT NULL,
  condition TEXT NOT NULL,
  target_url TEXT NOT NULL,
  cooldown_period INTEGER NOT NULL,
  status TEXT NOT NULL,
  description TEXT NOT NULL,
  display_name TEXT NOT NULL,
  failure_count INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS vt_webhooks_display_name ON vt_webhooks (license, display_name);
CREATE TABLE IF NOT EXISTS vt_subscriptions (
  webhook_id TEXT NOT NULL,
  asset_did TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (asset_did, webhook_id)
);
CREATE INDEX IF NOT EXISTS vt_subscriptions_webhook ON vt_subscriptions (webhook_id);
CREATE TABLE IF NOT EXISTS vt_deliveries (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL,
  webhook_id TEXT NOT NULL,
  asset_did TEXT NOT NULL,
  token_id INTEGER NOT NULL,
  service TEXT NOT NULL,
  metric_name TEXT NOT NULL,
  target_url TEXT NOT NULL,
  status TEXT NOT NULL,
  http_status INTEGER,
  error TEXT,
  sent_at INTEGER NOT NULL,
  duration_ms REAL NOT NULL,
  event TEXT NOT NULL,
  snapshot TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS vt_deliveries_webhook_asset ON vt_deliveries (webhook_id, asset_did, status, seq);
CREATE INDEX IF NOT EXISTS vt_deliveries_asset_metric ON vt_deliveries (asset_did, metric_name, status, seq);
CREATE TABLE IF NOT EXISTS vt_injected (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  token_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  name TEXT NOT NULL,
  timestamp INTEGER NOT NULL,
  value TEXT NOT NULL,
  source TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS vt_injected_vehicle ON vt_injected (token_id, kind, name, timestamp);
`;

export const toWebhook = (row: WebhookRow): WebhookRecord => ({
  id: row.id,
  license: row.license,
  service: row.service,
  metricName: row.metric_name,
  condition: row.condition,
  targetUrl: row.target_url,
  coolDownPeriod: row.cooldown_period,
  status: row.status,
  description: row.description,
  displayName: row.display_name,
  failureCount: row.failure_count,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const toDelivery = (row: DeliveryRow): DeliveryRecord => ({
  id: row.id,
  webhookId: row.webhook_id,
  assetDid: row.asset_did,
  tokenId: row.token_id,
  service: row.service,
  metricName: row.metric_name,
  targetUrl: row.target_url,
  status: row.status,
  httpStatus: row.http_status,
  error: row.error,
  sentAt: row.sent_at,
  durationMs: row.duration_ms,
  event: row.event,
  snapshot: row.snapshot,
});
