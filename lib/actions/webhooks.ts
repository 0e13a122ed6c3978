"use server";
import "server-only";
import { getDimoClient } from "@/lib/dimo";
import { AppFailure } from "@/lib/result";
import { guarded } from "@/lib/server/guard";
import {
  assertPublicTarget,
  checkCondition,
  createWebhookInput,
  inTriggersWords,
  statusInput,
  updateWebhookInput,
  vehicleInput,
  vehiclesInput,
  webhookIdInput,
} from "@/lib/server/webhooks";
import { postSampleEvent, testTargetInput } from "@/lib/server/webhook-test";
import { type SubscribeOutcome, type TargetTestResult } from "@/lib/models/webhooks";

/**
 * The webhooks section's changes, each a guarded action (the license's owner and admins are the only people who sign
 * in, so each may change webhooks). Reads are GET routes (app/api/webhooks/), so they never queue behind a change.
 */

/**
 * Registers a webhook once its condition compiles for the metric's value type: a bad condition is refused here, in
 * the service's words, and nothing is sent. The service then checks the target with its verification call.
 */
export const createWebhookAction = guarded(createWebhookInput, async function createWebhookAction(input) {
  const refusal = checkCondition(input);
  if (refusal) throw new AppFailure({ code: "INVALID_INPUT", message: refusal, retryable: false });
  await assertPublicTarget(input.targetUrl);
  return inTriggersWords(
    getDimoClient().createWebhook({
      service: input.service,
      metricName: input.metricName,
      condition: input.condition,
      coolDownPeriod: input.coolDownPeriod,
      targetUrl: input.targetUrl,
      verificationToken: input.verificationToken,
      status: input.status,
      displayName: input.displayName,
      ...(input.description ? { description: input.description } : {}),
    }),
  );
});

/**
 * Changes a webhook's name, condition, cooldown or target. The condition is checked for the metric the webhook was
 * created with, here and in the service's words, before anything is sent; an unknown id changes nothing.
 */
export const updateWebhookAction = guarded(updateWebhookInput, async function updateWebhookAction(input) {
  const client = getDimoClient();
  const webhook = await inTriggersWords(client.getWebhook(input.id));
  if (!webhook)
    throw new AppFailure({ code: "NOT_FOUND", message: "The license has no such webhook.", retryable: false });
  const refusal = checkCondition({
    service: webhook.service,
    metricName: webhook.metricName,
    condition: input.condition,
  });
  if (refusal) throw new AppFailure({ code: "INVALID_INPUT", message: refusal, retryable: false });
  await assertPublicTarget(input.targetUrl);
  const message = await inTriggersWords(
    client.updateWebhook(input.id, {
      displayName: input.displayName,
      condition: input.condition,
      coolDownPeriod: input.coolDownPeriod,
      targetUrl: input.targetUrl,
      ...(input.description === undefined ? {} : { description: input.description }),
    }),
  );
  return { message };
});

/** Enables or disables a webhook; enabling a `failed` one brings it back (the service resets its failure count). */
export const setWebhookStatusAction = guarded(statusInput, async function setWebhookStatusAction({ id, status }) {
  return { message: await inTriggersWords(getDimoClient().updateWebhook(id, { status })) };
});

export const deleteWebhookAction = guarded(webhookIdInput, async function deleteWebhookAction({ id }) {
  return { message: await inTriggersWords(getDimoClient().deleteWebhook(id)) };
});

/** Subscribes the chosen vehicles in one request; the service refuses all of them when one lacks a privilege. */
export const subscribeVehiclesAction = guarded(
  vehiclesInput,
  async function subscribeVehiclesAction({ id, tokenIds }): Promise<SubscribeOutcome> {
    return inTriggersWords(getDimoClient().subscribeVehicles(id, [...new Set(tokenIds)]));
  },
);

/** Subscribes every vehicle shared with the license; the service reports the ones it could not subscribe. */
export const subscribeAllVehiclesAction = guarded(
  webhookIdInput,
  async function subscribeAllVehiclesAction({ id }): Promise<SubscribeOutcome> {
    return inTriggersWords(getDimoClient().subscribeAllVehicles(id));
  },
);

export const unsubscribeVehicleAction = guarded(vehicleInput, async function unsubscribeVehicleAction({ id, tokenId }) {
  return { message: await inTriggersWords(getDimoClient().unsubscribeVehicle(id, tokenId)) };
});

/**
 * POSTs a sample CloudEvent to the target from the server, as DIMO would, and says what came back: the status, the
 * time taken and the start of the answer. An action, not a read: it sends something to the developer's endpoint.
 */
export const testWebhookTargetAction = guarded(
  testTargetInput,
  async function testWebhookTargetAction(input, { session }): Promise<TargetTestResult> {
    return postSampleEvent(input, session);
  },
);
