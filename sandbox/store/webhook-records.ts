/**
 * The Vehicle Triggers service's records as the sandbox keeps them: webhooks, subscriptions, delivery attempts and
 * the samples injected through the control surface.
 */

export type WebhookStatus = "enabled" | "disabled" | "failed";

export interface WebhookRecord {
  id: string;
  /** The owning license's client id, lowercase. */
  license: string;
  service: string;
  metricName: string;
  condition: string;
  targetUrl: string;
  coolDownPeriod: number;
  status: WebhookStatus;
  description: string;
  displayName: string;
  failureCount: number;
  /** Epoch milliseconds, sandbox clock. */
  createdAt: number;
  updatedAt: number;
}

export interface SubscriptionRecord {
  webhookId: string;
  assetDid: string;
  createdAt: number;
}

export type DeliveryStatus = "delivered" | "failed";

export interface DeliveryRecord {
  /** The CloudEvent's id. */
  id: string;
  webhookId: string;
  assetDid: string;
  tokenId: number;
  service: string;
  metricName: string;
  targetUrl: string;
  status: DeliveryStatus;
  /** The receiver's HTTP status; null when no answer came (refused connection, timeout). */
  httpStatus: number | null;
  /** Why a failed delivery failed. */
  error: string | null;
  /** When the POST started, epoch milliseconds, sandbox clock. */
  sentAt: number;
  /** How long the POST took, in milliseconds of real time. */
  durationMs: number;
  /** The CloudEvent as sent. */
  event: string;
  /** The reading that fired it, as the condition saw it (JSON): the next evaluation's "previous". */
  snapshot: string;
}

export type InjectedKind = "signal" | "event";

export interface InjectedSample {
  tokenId: number;
  kind: InjectedKind;
  name: string;
  /** Epoch milliseconds. */
  timestamp: number;
  /** A number, a string, `{latitude, longitude, hdop}` for signals; `{durationNs, metadata}` for events. */
  value: unknown;
  source: string;
}
