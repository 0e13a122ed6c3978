import "server-only";
import { z } from "zod";
import { positiveWholeNumber } from "./inputs";

/**
 * The inputs of the Raw data reads: a filter's parts as the tab's URL carries them. Empty fields mean "any"; a source
 * or producer is a DID or a name, so only its length is checked; times are ISO, and a range starts before it ends.
 */

const MAX_TEXT = 300;

const optionalText = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .max(MAX_TEXT, { error: `${name} is at most ${MAX_TEXT} characters` })
    .optional()
    .transform((value) => (value === "" ? undefined : value));

const optionalTime = (name: string) =>
  z
    .union([z.literal(""), z.iso.datetime({ offset: true, error: `${name} must be an ISO date and time` })])
    .optional()
    .transform((value) => (value === "" ? undefined : value));

const filterShape = {
  tokenId: positiveWholeNumber("tokenId"),
  type: optionalText("type"),
  source: optionalText("source"),
  producer: optionalText("producer"),
  from: optionalTime("from"),
  to: optionalTime("to"),
};

const inOrder = (input: { from?: string; to?: string }) =>
  input.from === undefined || input.to === undefined || Date.parse(input.from) < Date.parse(input.to);

export const rawFilterInput = z
  .object(filterShape, { error: "the input must be an object with a tokenId" })
  .refine(inOrder, { error: "from must come before to" });

export const rawEventsInput = z
  .object({ ...filterShape, before: optionalTime("before") }, { error: "the input must be an object with a tokenId" })
  .refine(inOrder, { error: "from must come before to" });

export const rawEventInput = z.object(
  {
    tokenId: positiveWholeNumber("tokenId"),
    id: z
      .string({ error: "id must be text" })
      .trim()
      .min(1, { error: "id is needed" })
      .max(MAX_TEXT, { error: `id is at most ${MAX_TEXT} characters` }),
    source: optionalText("source"),
  },
  { error: "the input must be an object with a tokenId and an id" },
);
