import { randomUUID } from "node:crypto";
import { type DeliveryRecord, type WebhookRecord } from "../../store/webhook-records";
import { formatGoTime } from "../attestation/go-time";
import { type Reading } from "./readings";

/**
 * One delivery as the real service makes it: the reading wrapped in a `dimo.trigger` CloudEvent, POSTed once to the
 * webhook's target with a timeout; any answer of 400 or more, or no answer, is a failure with its reason.
 */

const DELIVERY_TIMEOUT_MS = 30_000;
const USER_AGENT = "DIMO-Webhook/1.0";
/** How much of a failed answer's body the failure reason keeps. */
const ERROR_BODY_BYTES = 1024;

export async function postCloudEvent(
  webhook: WebhookRecord,
  reading: Reading,
  sentAt: number,
): Promise<DeliveryRecord> {
  const id = randomUUID();
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
  return delivery;
}
