import "server-only";
import { z } from "zod";
import { graphQLErrorSchema } from "./identity";

/** The Telemetry API's `events` answer (telemetry-api `schema/events.graphqls`): `[Event!]`, null when refused. */
export const eventsAnswerSchema = z.object({
  data: z
    .object({
      events: z
        .array(
          z.object({
            timestamp: z.string(),
            name: z.string(),
            source: z.string(),
            durationNs: z.number().int(),
            metadata: z.string().nullish(),
          }),
        )
        .nullish(),
    })
    .nullish(),
  errors: z.array(graphQLErrorSchema).optional(),
});
