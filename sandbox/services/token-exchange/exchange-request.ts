import { z } from "zod";

/** One `cloudEvents.events` entry as sent; its required fields are checked after parsing, with the swagger's words. */
const eventFilterSchema = z.object({
  eventType: z.string().optional(),
  source: z.string().optional(),
  ids: z.array(z.string()).optional(),
});

/** The exchange's JSON body. A null `cloudEvents` or `events` reads as absent, as Go's decoder leaves it empty. */
export const exchangeRequestSchema = z.object({
  nftContractAddress: z.string(),
  privileges: z.array(z.number().int().refine(Number.isSafeInteger)),
  tokenId: z.number().int().refine(Number.isSafeInteger),
  cloudEvents: z.object({ events: z.array(eventFilterSchema).nullish() }).nullish(),
});

export type ExchangeRequest = z.infer<typeof exchangeRequestSchema>;

/** A granted filter, in the shape the token's `cloud_events` claim carries and the Telemetry API reads. */
export interface CloudEventFilter {
  eventType: string;
  source: string;
  ids: string[];
}

/**
 * The requested event filters, or the reason the request is malformed. Each filter must name its event type and
 * source ("*" is any source) and at least one id ("*" is any id), as the service's swagger states.
 */
export function requestedCloudEvents(request: ExchangeRequest): { filters: CloudEventFilter[] } | { error: string } {
  const events = request.cloudEvents?.events ?? [];
  const filters: CloudEventFilter[] = [];
  for (const [index, event] of events.entries()) {
    const field = `cloudEvents.events[${index}]`;
    if (!event.eventType) return { error: `${field}.eventType must be specified` };
    if (!event.source) return { error: `${field}.source must be specified ("*" for any source)` };
    if (!event.ids || event.ids.length === 0) return { error: `${field}.ids must contain at least one element` };
    if (event.ids.some((id) => id === "")) return { error: `${field}.ids must not contain an empty id` };
    filters.push({ eventType: event.eventType, source: event.source, ids: [...event.ids] });
  }
  return { filters };
}

/** Go prints integer slices as `[1 4]`; the service's messages quote them that way. */
export const goList = (values: readonly number[]) => `[${values.join(" ")}]`;
