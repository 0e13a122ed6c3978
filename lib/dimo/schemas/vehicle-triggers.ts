import "server-only";
import { z } from "zod";

/**
 * The Vehicle Triggers API's answers (DIMO-Network/vehicle-triggers-api, `internal/controllers/webhook/`). Fields the
 * dashboard does not use are let through, so an added field is no error.
 */

export const webhookSchema = z
  .object({
    id: z.string(),
    service: z.string(),
    metricName: z.string(),
    condition: z.string(),
    targetURL: z.string(),
    coolDownPeriod: z.number(),
    status: z.string(),
    description: z.string().nullish(),
    displayName: z.string().nullish(),
    failureCount: z.number().nullish(),
    createdAt: z.string().nullish(),
    updatedAt: z.string().nullish(),
  })
  .loose();

export const webhookListSchema = z.array(webhookSchema).nullable();

export const webhookCreatedSchema = z.object({ id: z.string(), message: z.string().nullish() }).loose();

export const messageSchema = z.object({ message: z.string().nullish() }).loose();

/** `GET /v1/webhooks/{id}` answers the DIDs of the vehicles subscribed to the webhook. */
export const subscribedDidsSchema = z.array(z.string()).nullable();

export const signalListSchema = z
  .array(
    z
      .object({
        name: z.string(),
        description: z.string().nullish(),
        unit: z.string().nullish(),
        valueType: z.string().nullish(),
        permissions: z.array(z.string()).nullish(),
      })
      .loose(),
  )
  .nullable();

export const vehicleWebhooksSchema = z
  .array(
    z
      .object({
        webhookId: z.string(),
        assetDid: z.string(),
        createdAt: z.string().nullish(),
        description: z.string().nullish(),
      })
      .loose(),
  )
  .nullable();

/** `subscribe/list` and `subscribe/all`: a message, or the vehicles it could not subscribe. */
export const subscribeManySchema = z
  .object({
    message: z.string().nullish(),
    failedSubscriptions: z.array(z.object({ assetDid: z.string(), message: z.string().nullish() }).loose()).nullish(),
  })
  .loose();
