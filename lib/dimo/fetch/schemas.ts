import "server-only";
import { z } from "zod";
import { graphQLErrorSchema } from "../schemas/identity";

/**
 * The Fetch API's answers (fetch-api `schema/base.graphqls`): `data` beside an error per failed field, so every root
 * field is nullable here and the client decides what a missing one means.
 */

const answer = <T extends z.ZodType>(data: T) =>
  z.object({ data: data.nullish(), errors: z.array(graphQLErrorSchema).optional() });

/** Optional header fields the service leaves out or sends as null. */
const optionalText = z.string().nullish();

const headerSchema = z.object({
  specversion: z.string(),
  type: z.string(),
  source: z.string(),
  subject: z.string(),
  id: z.string(),
  time: z.string(),
  datacontenttype: optionalText,
  dataschema: optionalText,
  dataversion: optionalText,
  producer: z.string(),
  signature: optionalText,
  raweventid: optionalText,
  tags: z.array(z.string()).nullish(),
});

const cloudEventSchema = z.object({
  header: headerSchema,
  data: z.unknown().optional(),
  dataBase64: optionalText,
  dataUrl: optionalText,
});

export const typesAnswerSchema = answer(
  z.object({
    availableCloudEventTypes: z
      .array(z.object({ type: z.string(), count: z.number().int(), firstSeen: z.string(), lastSeen: z.string() }))
      .nullish(),
  }),
);

export const indexesAnswerSchema = answer(z.object({ indexes: z.array(z.object({ header: headerSchema })).nullish() }));

export const eventAnswerSchema = answer(z.object({ latestCloudEvent: cloudEventSchema.nullish() }));

export const eventsAnswerSchema = answer(z.object({ cloudEvents: z.array(cloudEventSchema).nullish() }));

export type FetchHeader = z.output<typeof headerSchema>;
export type FetchCloudEvent = z.output<typeof cloudEventSchema>;
