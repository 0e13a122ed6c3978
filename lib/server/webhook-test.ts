import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { getConfig } from "@/lib/config";
import { vehicleDid } from "@/lib/protocol";
import { AppFailure } from "@/lib/result";
import { conditionInput } from "./webhooks";
import { TRIGGER_EVENTS, valueTypeOf } from "@/lib/webhooks-metrics";
import { type TargetTestResult } from "@/lib/models/webhooks";
import { type DashboardSession } from "@/lib/auth/session";
import { processWide } from "@/lib/process-wide";
import { isLoopbackHostname } from "@/lib/security/address-class";
import { OUTBOUND_FAILURE_WORDS, OutboundFailure, postJson } from "@/lib/security/outbound";

/**
 * "Test" from the server, not the browser: a sample CloudEvent shaped as DIMO's Vehicle Triggers API sends it, POSTed
 * to the target, so the answer is the one DIMO would get (no CORS, no browser network). The sample says it is one in
 * its `source` and `id`. Nothing secret is sent, and the target's address is kept out of every answer and message,
 * since the dashboard's own inbox address holds its secret. A failure says only its class (lib/security/outbound.ts).
 */

export const testTargetInput = conditionInput.extend({
  targetUrl: z.url({ protocol: /^https?$/, error: "the target must be an http or https URL" }).max(2_000),
  displayName: z.string().trim().max(100).optional(),
  webhookId: z.string().trim().max(100).optional(),
});

const TIMEOUT_MS = 10_000;
const BODY_START_CHARS = 500;

/**
 * Tests one session may run at once: each holds an outbound connection for up to TIMEOUT_MS, and a person tries one
 * target at a time (two leave room for a double click).
 */
export const MAX_TARGET_TESTS_PER_SESSION = 2;

/** DIMO posts to https only; the sandbox also to http on loopback, so a local receiver can be tried. */
function assertAllowedScheme(url: URL): void {
  if (url.protocol === "https:") return;
  if (getConfig().env === "sandbox" && isLoopbackHostname(url.hostname)) return;
  throw new AppFailure({
    code: "INVALID_INPUT",
    message:
      getConfig().env === "sandbox"
        ? "The target must be an https URL, or http on this machine (localhost) with the sandbox."
        : "The target must be an https URL: DIMO posts to nothing else.",
    retryable: false,
  });
}

const runningBySession = () => processWide("webhook-target-tests", () => new Map<string, number>());

/** Takes one of the session's test slots, or refuses in words; the returned function frees it. */
function takeTestSlot(session: DashboardSession): () => void {
  const key = session.id ?? session.address;
  const running = runningBySession();
  const count = running.get(key) ?? 0;
  if (count >= MAX_TARGET_TESTS_PER_SESSION)
    throw new AppFailure({
      code: "RATE_LIMITED",
      message: `Busy: ${count} tests from the server are already running for this session. Wait for one to finish.`,
      retryable: true,
    });
  running.set(key, count + 1);
  return () => {
    const left = (running.get(key) ?? 1) - 1;
    if (left > 0) running.set(key, left);
    else running.delete(key);
  };
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

/**
 * Sends the sample through the outbound guard (lib/security/outbound.ts): a target whose address is not public is
 * refused before anything is sent, except this machine in sandbox mode, and never the sandbox itself.
 */
export async function postSampleEvent(
  input: z.output<typeof testTargetInput>,
  session: DashboardSession,
): Promise<TargetTestResult> {
  const url = new URL(input.targetUrl);
  assertAllowedScheme(url);
  const release = takeTestSlot(session);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const answer = await postJson(url.href, JSON.stringify(sampleCloudEvent(input)), {
      timeoutMs: TIMEOUT_MS,
      maxChars: BODY_START_CHARS,
    });
    return { status: answer.status, durationMs: elapsed(), bodyStart: answer.bodyStart, ok: answer.status < 400 };
  } catch (error) {
    const words = error instanceof OutboundFailure ? error.message : OUTBOUND_FAILURE_WORDS.failed;
    return { status: null, durationMs: elapsed(), bodyStart: `could not POST to the target: ${words}`, ok: false };
  } finally {
    release();
  }
}
