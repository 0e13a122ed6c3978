import "server-only";
import { z } from "zod";
import { MAX_INT32 } from "@/lib/protocol";

/**
 * Input rules shared by the guarded functions: actions, and the reads of pages and routes. Numbers may arrive as
 * numbers or as decimal strings (form fields, URL params); anything else, and anything that is not a whole number
 * from 1 to MAX_INT32 (`abc`, `-1`, `1e999`, `1.5`, `0`, `2147483648`), is refused with a message that names the field.
 */
export function positiveWholeNumber(name: string) {
  const error = `${name} must be a positive whole number`;
  return z
    .union([z.number(), z.string()], { error })
    .transform((value) => {
      if (typeof value === "number") return value;
      const trimmed = value.trim();
      return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
    })
    .pipe(
      z
        .number({ error })
        .min(1, { error, abort: true })
        // Before the whole-number check, which also fails past the safe integers: one message, the one that helps.
        .max(MAX_INT32, { error: `${name} must be at most ${MAX_INT32}`, abort: true })
        .int({ error }),
    );
}

/** For functions that take nothing: a browser calling them as actions may send only `undefined`. */
export const noInput = z.undefined({ error: "this action takes no input" }).optional();

export const tokenIdInput = z.object(
  { tokenId: positiveWholeNumber("tokenId") },
  { error: "the input must be an object with a tokenId" },
);

export const tripsInput = z.object(
  { tokenId: positiveWholeNumber("tokenId"), page: positiveWholeNumber("page") },
  { error: "the input must be an object with a tokenId and a page" },
);

/** A calendar day as the browser computed it in the zone it shows times in: `[from, to)`, at most 25 hours (a DST day). */
export const tripsDayInput = z
  .object(
    {
      tokenId: positiveWholeNumber("tokenId"),
      from: z.iso.datetime({ offset: true, error: "from must be an ISO date and time" }),
      to: z.iso.datetime({ offset: true, error: "to must be an ISO date and time" }),
    },
    { error: "the input must be an object with a tokenId, a from and a to" },
  )
  .refine((input) => Date.parse(input.from) < Date.parse(input.to), { error: "from must come before to" })
  .refine((input) => Date.parse(input.to) - Date.parse(input.from) <= 25 * 3_600_000, {
    error: "a day is at most 25 hours long",
  });
