/**
 * The app's words for webhooks (DIMO's Vehicle Triggers API): what the DIMO client returns, the server functions pass
 * on and the pages show. Plain types and constants only, with no server import, so browser code may import them too.
 */

import { type WebhookAuthorship } from "./webhook-authors";

export type WebhookService = "signals" | "events";
/** `failed` is set by the service after repeated failed deliveries; an update with `enabled` brings it back. */
type WebhookStatus = "enabled" | "disabled" | "failed";

export interface Webhook {
  id: string;
  displayName: string;
  description: string;
  service: WebhookService;
  /** `vss.<signal>` for signals, the event name for events. */
  metricName: string;
  condition: string;
  /** Seconds between two deliveries for one vehicle; 0 is allowed. */
  coolDownPeriod: number;
  targetUrl: string;
  /** The service's own word; anything besides the three known ones is shown as sent. */
  status: WebhookStatus | (string & {});
  failureCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface WebhookDraft {
  service: WebhookService;
  metricName: string;
  condition: string;
  coolDownPeriod: number;
  targetUrl: string;
  verificationToken: string;
  status: "enabled" | "disabled";
  displayName?: string;
  description?: string;
}

/** What an update may change; the service keeps `service` and `metricName` as they were created. */
export interface WebhookUpdate {
  condition?: string;
  coolDownPeriod?: number;
  targetUrl?: string;
  status?: "enabled" | "disabled";
  displayName?: string;
  description?: string;
}

/** A signal a webhook may watch, as `GET /v1/webhooks/signals` lists it. */
export interface TriggerSignal {
  name: string;
  description: string;
  unit: string;
  /** `float64`, `string` or `vss.Location`: what `value` is in a condition. */
  valueType: string;
  permissions: string[];
}

/** A webhook that watches one vehicle. */
export interface VehicleWebhook {
  webhookId: string;
  assetDid: string;
  createdAt: string;
  description: string;
}

export interface SubscribeOutcome {
  message: string;
  /** Vehicles the service did not subscribe (already subscribed, most often), with its reason. */
  failed: { assetDid: string; message: string }[];
}

/** A webhook with the vehicles it watches, as the list shows it. */
export interface WebhookRow extends Webhook {
  vehicles: number[];
  /** Who made and last changed it through the dashboard; null when it was made outside the dashboard. */
  authorship: WebhookAuthorship | null;
}

/** The token id of a vehicle asset DID (`did:erc721:137:<contract>:<tokenId>`); null for anything else. */
export function tokenIdOfDid(did: string): number | null {
  const match = /^did:erc721:\d+:0x[0-9a-fA-F]{40}:(\d+)$/.exec(did);
  if (!match?.[1]) return null;
  const tokenId = Number(match[1]);
  return Number.isSafeInteger(tokenId) ? tokenId : null;
}

/** A webhook that watches a given vehicle, as the vehicle's Overview lists it. */
export interface VehicleWatcher {
  id: string;
  displayName: string;
  metricName: string;
  condition: string;
  status: Webhook["status"];
}

/** What the target answered to a sample CloudEvent posted from the server. */
export interface TargetTestResult {
  /** The HTTP status, or null when no answer came (refused, timed out). */
  status: number | null;
  durationMs: number;
  /** The start of the answer's body, or why there was none. */
  bodyStart: string;
  /** Whether DIMO would count it a success (a 2xx or 3xx status). */
  ok: boolean;
}
