import "server-only";
import { z } from "zod";
import { getDimoClient } from "@/lib/dimo";
import { type DrivingEvents } from "@/lib/models";
import { guarded } from "./guard";
import { positiveWholeNumber } from "./inputs";

/**
 * The driving events of a trips page: one Telemetry API request over the page's span (its oldest start to its newest
 * end), which the page then shares out among its trips. A span is capped so that a mistyped link cannot ask DIMO for
 * years of events.
 */

export const EVENTS_SPAN_MAX_DAYS = 366;

const time = (name: string) =>
  z.iso.datetime({ offset: true, error: `${name} must be a date and time such as 2026-11-01T08:00:00Z` });

const eventsInput = z
  .object(
    { tokenId: positiveWholeNumber("tokenId"), from: time("from"), to: time("to") },
    { error: "the input must be an object with a tokenId, a from and a to" },
  )
  .refine(({ from, to }) => Date.parse(from) < Date.parse(to), { error: "from must be before to" })
  .refine(({ from, to }) => Date.parse(to) - Date.parse(from) <= EVENTS_SPAN_MAX_DAYS * 86_400_000, {
    error: `from and to must be at most ${EVENTS_SPAN_MAX_DAYS} days apart`,
  });

export const listTripEvents = guarded(
  eventsInput,
  async function listTripEvents({ tokenId, from, to }): Promise<DrivingEvents> {
    const events = await getDimoClient().listEvents(tokenId, { from, to });
    return { from, to, events };
  },
);
