import "server-only";
import { z } from "zod";
import { conditionError } from "@/lib/cel/conditions";
import { getConfig } from "@/lib/config";
import { getDimoClient } from "@/lib/dimo";
import { isDimoError } from "@/lib/dimo/errors";
import { type PrivilegeId } from "@/lib/protocol";
import { AppFailure, type ErrorCode } from "@/lib/result";
import { OutboundFailure, checkTarget } from "@/lib/security/outbound";
import { guarded } from "./guard";
import { inboxTarget } from "./inbox";
import { readAuthorships } from "./webhook-authors";
import { noInput, positiveWholeNumber, tokenIdInput } from "./inputs";
import { TRIGGER_EVENTS, VSS_PREFIX, isKnownMetric, valueTypeOf } from "@/lib/webhooks-metrics";
import { type VehicleWatcher, type WebhookRow, tokenIdOfDid } from "@/lib/models/webhooks";

/**
 * The license's webhooks (DIMO's Vehicle Triggers API), guarded: the reads the webhooks routes serve, the input rules
 * the actions share (lib/actions/webhooks.ts), and the server-side check of a condition with the same CEL library as
 * the service, so a condition that does not compile is refused before anything is sent.
 */

const ID = z.string().trim().min(1, { error: "a webhook id is required" }).max(100);

export const webhookIdInput = z.object({ id: ID }, { error: "the input must be an object with a webhook id" });

const service = z.enum(["signals", "events"], { error: "service must be signals or events" });

export const conditionInput = z.object({
  service,
  metricName: z.string().trim().min(1, { error: "choose a signal or an event" }).max(200),
  condition: z.string().trim().min(1, { error: "a condition is required" }).max(2_000),
});

export const createWebhookInput = conditionInput.extend({
  displayName: z.string().trim().min(1, { error: "a name is required" }).max(100),
  description: z.string().trim().max(500).optional(),
  coolDownPeriod: z.coerce
    .number({ error: "the cooldown must be a number of seconds" })
    .int({ error: "the cooldown must be a whole number of seconds" })
    .min(0, { error: "the cooldown must be 0 seconds or more" })
    .max(31_536_000, { error: "the cooldown must be at most a year" }),
  targetUrl: z.url({ protocol: /^https?$/, error: "the target must be an http or https URL" }).max(2_000),
  verificationToken: z.string().trim().min(1, { error: "a verification token is required" }).max(200),
  status: z.enum(["enabled", "disabled"]).default("enabled"),
});

/** What an edit may change: everything but the service and metric, which DIMO fixes at creation. */
export const updateWebhookInput = webhookIdInput.extend(
  createWebhookInput.pick({
    displayName: true,
    description: true,
    condition: true,
    coolDownPeriod: true,
    targetUrl: true,
  }).shape,
);

export const statusInput = webhookIdInput.extend({
  status: z.enum(["enabled", "disabled"], { error: "status must be enabled or disabled" }),
});

export const vehiclesInput = webhookIdInput.extend({
  tokenIds: z.array(positiveWholeNumber("tokenId")).min(1, { error: "choose at least one vehicle" }).max(1_000),
});

export const vehicleInput = webhookIdInput.extend({ tokenId: positiveWholeNumber("tokenId") });

/** The words of a condition's refusal, as the Vehicle Triggers API would answer it; null when it is accepted. */
export function checkCondition(input: z.output<typeof conditionInput>): string | null {
  if (!isKnownMetric(input.service, input.metricName)) {
    return input.service === "signals"
      ? `Unknown signal ${input.metricName}: signals are named ${VSS_PREFIX}<name>.`
      : `Unknown event ${input.metricName}: one of ${TRIGGER_EVENTS.join(", ")}.`;
  }
  return conditionError(input.service, input.condition, valueTypeOf(input.metricName));
}

/**
 * The outbound guard's address check (lib/security/outbound.ts) for a target DIMO is asked to post to: an address that
 * is not public is refused before anything is sent (in sandbox mode, this machine is allowed but never the sandbox
 * itself). A name this server cannot resolve is left to the service's own verification call.
 */
export async function assertPublicTarget(targetUrl: string): Promise<void> {
  try {
    await checkTarget(new URL(targetUrl));
  } catch (error) {
    if (!(error instanceof OutboundFailure) || error.kind !== "not-public") return;
    throw new AppFailure({
      code: "INVALID_INPUT",
      message: `The target cannot be used: ${error.message}.`,
      retryable: false,
    });
  }
}

const REFUSAL_CODES: Partial<Record<number, ErrorCode>> = {
  400: "INVALID_INPUT",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  422: "INVALID_INPUT",
};

/** The Vehicle Triggers API's refusals of the caller's input, in its own words; anything else as describeError says. */
export async function inTriggersWords<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const code = isDimoError(error) && error.status !== null ? REFUSAL_CODES[error.status] : undefined;
    if (!isDimoError(error) || error.service !== "vehicleTriggers" || !code) throw error;
    const words = error.upstreamMessage ? `: ${error.upstreamMessage.replace(/\.$/, "")}` : "";
    throw new AppFailure({
      code,
      message: `DIMO's Vehicle Triggers API refused the request${words}.`,
      retryable: false,
      ...(error.callId === undefined ? {} : { callId: error.callId }),
    });
  }
}

/** The license's webhooks, each with the token ids of the vehicles it watches and who made and changed it. */
export const listWebhookRows = guarded(noInput, async function listWebhookRows(): Promise<WebhookRow[]> {
  const client = getDimoClient();
  const webhooks = await inTriggersWords(client.listWebhooks());
  const authorships = await readAuthorships(webhooks.map((webhook) => webhook.id));
  return Promise.all(
    webhooks.map(async (webhook) => {
      const dids = await inTriggersWords(client.listWebhookVehicles(webhook.id));
      const vehicles = dids.map(tokenIdOfDid).filter((tokenId): tokenId is number => tokenId !== null);
      return { ...webhook, vehicles: vehicles.sort((a, b) => a - b), authorship: authorships.get(webhook.id) ?? null };
    }),
  );
});

/** The license's webhooks that watch the vehicle, for its Overview. */
export const listVehicleWatchers = guarded(tokenIdInput, async function listVehicleWatchers({ tokenId }): Promise<
  VehicleWatcher[]
> {
  const client = getDimoClient();
  const [watching, webhooks] = await Promise.all([
    inTriggersWords(client.listVehicleWebhooks(tokenId)),
    inTriggersWords(client.listWebhooks()),
  ]);
  const ids = new Set(watching.map((row) => row.webhookId));
  return webhooks
    .filter((webhook) => ids.has(webhook.id))
    .map(({ id, displayName, metricName, condition, status }) => ({ id, displayName, metricName, condition, status }));
});

export interface VehicleChoice {
  tokenId: number;
  label: string;
  privileges: PrivilegeId[];
}

/** The vehicles shared with the license, which a webhook may be subscribed to, with the privileges each grants. */
export const listVehicleChoices = guarded(noInput, async function listVehicleChoices(): Promise<VehicleChoice[]> {
  const vehicles = await getDimoClient().listAllVehicles();
  return vehicles.flatMap((vehicle) =>
    vehicle.grant === null
      ? []
      : [
          {
            tokenId: vehicle.tokenId,
            label:
              [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(" ") || `Vehicle ${vehicle.tokenId}`,
            privileges: vehicle.grant.privileges,
          },
        ],
  );
});

/** The server's check of a condition, for the form as it is typed. */
export const validateCondition = guarded(conditionInput, async function validateCondition(input): Promise<{
  error: string | null;
}> {
  return { error: checkCondition(input) };
});

/** What the create form starts from: this dashboard's inbox as the target, with the token it answers. */
export const webhookFormDefaults = guarded(noInput, async function webhookFormDefaults(): Promise<{
  inboxUrl: string;
  inboxToken: string;
  /** The street style the geofence helper's map draws (public, as on every map page); null for the offline one. */
  mapStyleUrl: string | null;
}> {
  const inbox = await inboxTarget();
  return { inboxUrl: inbox.url, inboxToken: inbox.verificationToken, mapStyleUrl: getConfig().mapStyleUrl ?? null };
});
