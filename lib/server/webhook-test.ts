import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { getConfig } from "@/lib/config";
import { vehicleDid } from "@/lib/protocol";
import { AppFailure } from "@/lib/result";
import { conditionInput } from "./webhooks";
import { TRIGGER_EVENTS, valueTypeOf } from "@/lib/webhooks-metrics";
import { type TargetTestResult } from "@/lib/models/webhooks";

/**
 * "Test" from the server, not the browser: a sample CloudEvent shaped as DIMO's Vehicle Triggers API sends it, POSTed
 * to the target, so the answer is the one DIMO would get (no CORS, no browser network). The sample says it is one in
 * its `source` and `id`. Nothing secret is sent, and the target's address is kept out of every answer and message,
 * since the dashboard's own inbox address holds its secret.
 */

export const testTargetInput = conditionInput.extend({
  targetUrl: z.url({ protocol: /^https?$/, error: "the target must be an http or https URL" }).max(2_000),
  displayName: z.string().trim().max(100).optional(),
  webhookId: z.string().trim().max(100).optional(),
});

const TIMEOUT_MS = 10_000;
const BODY_START_CHARS = 500;
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** DIMO posts to https only; the sandbox also to http on loopback, so a local receiver can be tried. */
function assertAllowedTarget(url: URL): void {
  if (url.protocol === "https:") return;
  if (getConfig().env === "sandbox" && LOOPBACK.has(url.hostname)) return;
  throw new AppFailure({
    code: "INVALID_INPUT",
    message:
      getConfig().env === "sandbox"
        ? "The target must be an https URL, or http on this machine (localhost) with the sandbox."
        : "The target must be an https URL: DIMO posts to nothing else.",
    retryable: false,
  });
}

function sampleValue(metricName: string): unknown {
  const valueType = valueTypeOf(metricName);
  if (valueType === "string") return "SAMPLE";
  if (valueType === "vss.Location") return { latitude: 52.52, longitude: 13.405, hdop: 1 };
  return 88;
}

/** A CloudEvent with the fields and shape of a real delivery, about a sample reading. */
export function sampleCloudEvent(input: z.output<typeof testTargetInput>, now: Date = new Date()) {
  const assetDid = vehicleDid(1, getConfig().vehicleContract);
  const isEvent = input.service === "events";
  const name = isEvent ? input.metricName : input.metricName.replace(/^vss\./, "");
  return {
    specversion: "1.0",
    type: "dimo.trigger",
    source: "dimo-dashboard/test",
    subject: assetDid,
    id: `test-${randomUUID()}`,
    time: now.toISOString(),
    datacontenttype: "application/json",
    dataversion: `${input.service}/v1.0`,
    producer: "",
    data: {
      service: input.service,
      metricName: input.metricName,
      webhookId: input.webhookId ?? "",
      webhookName: input.displayName ?? "",
      assetDID: assetDid,
      condition: input.condition,
      ...(isEvent
        ? {
            event: {
              name: (TRIGGER_EVENTS as readonly string[]).includes(name) ? name : TRIGGER_EVENTS[0],
              timestamp: now.toISOString(),
              source: "dimo-dashboard/test",
              durationNs: 1_000_000_000,
            },
          }
        : {
            signal: {
              name,
              timestamp: now.toISOString(),
              source: "dimo-dashboard/test",
              valueType: valueTypeOf(input.metricName),
              value: sampleValue(input.metricName),
            },
          }),
    },
  };
}

/** The first characters of a body, reading no more of it than needed. */
async function bodyStart(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (text.length < BODY_START_CHARS) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel().catch(() => undefined);
  return text.slice(0, BODY_START_CHARS);
}

/** The reason a POST failed, without the address it was sent to. */
function failureWords(error: unknown, target: string): string {
  if (error instanceof Error && error.name === "TimeoutError") return `no answer within ${TIMEOUT_MS / 1000} s`;
  const reason =
    error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
  return `could not POST to the target: ${reason.split(target).join("<target>")}`;
}

export async function postSampleEvent(input: z.output<typeof testTargetInput>): Promise<TargetTestResult> {
  const url = new URL(input.targetUrl);
  assertAllowedTarget(url);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(sampleCloudEvent(input)),
      // A redirect is the target's answer: DIMO does not follow it to another address either.
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const start = await bodyStart(response);
    return { status: response.status, durationMs: elapsed(), bodyStart: start, ok: response.status < 400 };
  } catch (error) {
    return { status: null, durationMs: elapsed(), bodyStart: failureWords(error, url.href), ok: false };
  }
}
