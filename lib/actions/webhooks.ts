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
import { forgetWebhookAuthorship, readAuthorships, recordWebhookChange } from "@/lib/server/webhook-authors";
import { type SubscribeOutcome, type TargetTestResult } from "@/lib/models/webhooks";

/**
 * The webhooks section's changes, each a guarded action (the license's owner and admins are the only people who sign
 * in, so each may change webhooks), each recorded with who made it (lib/server/webhook-authors.ts), so a webhook whose
 * author left is set inactive. Reads are GET routes (app/api/webhooks/), so they never queue behind a change.
 */

/**
 * Registers a webhook once its condition compiles for the metric's value type: a bad condition is refused here, in
 * the service's words, and nothing is sent. The service then checks the target with its verification call.
 */
export const createWebhookAction = guarded(
  createWebhookInput,
  async function createWebhookAction(input, { session }) {
    const refusal = checkCondition(input);
    if (refusal) throw new AppFailure({ code: "INVALID_INPUT", message: refusal, retryable: false });
    await assertPublicTarget(input.targetUrl);
    const client = getDimoClient();
    const created = await inTriggersWords(
      client.createWebhook({
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
    // A webhook nobody answers for would outlive its author: without its record, it is not kept.
    await recordWebhookChange(created.id, session, "created").catch(async (error: unknown) => {
      await client.deleteWebhook(created.id).catch(() => undefined);
      throw error;
    });
    return created;
  },
  {
    change: {
      kind: "webhook.create",
      describe: (input, created) => ({ target: created.id, detail: `Created the webhook "${input.displayName}"` }),
    },
  },
);

/**
 * Changes a webhook's name, condition, cooldown or target. The condition is checked for the metric the webhook was
 * created with, here and in the service's words, before anything is sent; an unknown id changes nothing.
 */
export const updateWebhookAction = guarded(
  updateWebhookInput,
  async function updateWebhookAction(input, { session }) {
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
    await recordWebhookChange(input.id, session, "edited");
    return { message };
  },
  {
    change: {
      kind: "webhook.update",
      describe: ({ id, displayName }) => ({ target: id, detail: `Changed the webhook "${displayName}"` }),
    },
  },
);

const KEEP_OWNER_ONLY = new AppFailure({
  code: "FORBIDDEN",
  message: "Only the license owner can keep a webhook whose author left: keeping it makes it the owner's.",
  retryable: false,
});

const KEEP_INSTEAD = new AppFailure({
  code: "FORBIDDEN",
  message: "Its author left, so it was set inactive: the license owner may keep it, which enables it again.",
  retryable: false,
});

const hasDeparture = async (id: string) => Boolean((await readAuthorships([id])).get(id)?.departure);

/**
 * Enables or disables a webhook; enabling a `failed` one brings it back (the service resets its failure count). One
 * set inactive because its author left is enabled only by the owner's keep.
 */
export const setWebhookStatusAction = guarded(
  statusInput,
  async function setWebhookStatusAction({ id, status }, { session }) {
    if (status === "enabled" && (await hasDeparture(id))) throw KEEP_INSTEAD;
    const message = await inTriggersWords(getDimoClient().updateWebhook(id, { status }));
    await recordWebhookChange(id, session, status);
    return { message };
  },
  {
    change: {
      kind: "webhook.update",
      describe: ({ id, status }) => ({ target: id, detail: `Set the webhook ${status}` }),
    },
  },
);

export const deleteWebhookAction = guarded(
  webhookIdInput,
  async function deleteWebhookAction({ id }) {
    const message = await inTriggersWords(getDimoClient().deleteWebhook(id));
    await forgetWebhookAuthorship(id);
    return { message };
  },
  { change: { kind: "webhook.delete", describe: ({ id }) => ({ target: id, detail: "Deleted the webhook" }) } },
);

/**
 * Enables again a webhook that was set inactive because someone who made or widened it left, and makes it the
 * owner's: the people who left no longer count for it. The owner's decision alone, as copying a token is.
 */
export const keepWebhookAction = guarded(
  webhookIdInput,
  async function keepWebhookAction({ id }, { session }) {
    if (session.role !== "owner") throw KEEP_OWNER_ONLY;
    if (!(await hasDeparture(id)))
      throw new AppFailure({
        code: "NOT_FOUND",
        message: "No webhook of someone who left has this id.",
        retryable: false,
      });
    const message = await inTriggersWords(getDimoClient().updateWebhook(id, { status: "enabled" }));
    await recordWebhookChange(id, session, "kept");
    return { message };
  },
  {
    change: {
      kind: "webhook.update",
      describe: ({ id }) => ({ target: id, detail: "Kept the webhook of someone who left" }),
    },
  },
);

/** Subscribes the chosen vehicles in one request; the service refuses all of them when one lacks a privilege. */
export const subscribeVehiclesAction = guarded(
  vehiclesInput,
  async function subscribeVehiclesAction({ id, tokenIds }, { session }): Promise<SubscribeOutcome> {
    const outcome = await inTriggersWords(getDimoClient().subscribeVehicles(id, [...new Set(tokenIds)]));
    await recordWebhookChange(id, session, "subscribed");
    return outcome;
  },
  {
    change: {
      kind: "webhook.update",
      describe: ({ id, tokenIds }) => ({ target: id, detail: `Subscribed vehicles ${tokenIds.join(", ")}` }),
    },
  },
);

/** Subscribes every vehicle shared with the license; the service reports the ones it could not subscribe. */
export const subscribeAllVehiclesAction = guarded(
  webhookIdInput,
  async function subscribeAllVehiclesAction({ id }, { session }): Promise<SubscribeOutcome> {
    const outcome = await inTriggersWords(getDimoClient().subscribeAllVehicles(id));
    await recordWebhookChange(id, session, "subscribed");
    return outcome;
  },
  {
    change: {
      kind: "webhook.update",
      describe: ({ id }) => ({ target: id, detail: "Subscribed every shared vehicle" }),
    },
  },
);

export const unsubscribeVehicleAction = guarded(
  vehicleInput,
  async function unsubscribeVehicleAction({ id, tokenId }, { session }) {
    const message = await inTriggersWords(getDimoClient().unsubscribeVehicle(id, tokenId));
    await recordWebhookChange(id, session, "unsubscribed");
    return { message };
  },
  {
    change: {
      kind: "webhook.update",
      describe: ({ id, tokenId }) => ({ target: id, detail: `Unsubscribed vehicle ${tokenId}` }),
    },
  },
);

/**
 * POSTs a sample CloudEvent to the target from the server, as DIMO would, and says what came back: the status, the
 * time taken and the start of the answer. An action, not a read: it sends something to the developer's endpoint.
 */
export const testWebhookTargetAction = guarded(
  testTargetInput,
  async function testWebhookTargetAction(input, { session }): Promise<TargetTestResult> {
    return postSampleEvent(input, session);
  },
  {
    change: {
      kind: "webhook.test",
      describe: (_input, result) => ({
        detail: `Sent a sample event to the target: ${result.ok ? "answered" : "failed"}`,
      }),
    },
  },
);
