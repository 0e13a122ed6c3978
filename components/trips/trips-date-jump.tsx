"use client";

import { useQueryClient } from "@tanstack/react-query";
import { CalendarSearch, Loader2 } from "lucide-react";
import { useId, useState } from "react";
import { CallLink } from "@/components/developer/call-link";
import { buttonClasses } from "@/components/ui/button";
import { dayBounds } from "@/lib/format/time";
import { useTimeFormat } from "@/lib/hooks/use-time-zone";
import { type AppError, toAppError } from "@/lib/result";
import { fetchTripsDay, tripsKeys } from "./trips-queries";

type Message = { tone: "problem"; text: string; error?: AppError } | { tone: "note"; text: string };

const UTC_OR_LOCAL = { utc: "in UTC", local: "in your time zone" } as const;

/**
 * "Jump to a date": the page of trips holding a calendar day (in the zone times are shown in), with the day's newest
 * trip selected. The server finds the page (lib/trip-day-search.ts) and hands it over, so the list shows at
 * once. A date that is not one, or outside the vehicle's trips, is said and changes nothing.
 */
export function TripsDateJump({
  tokenId,
  onFound,
}: {
  tokenId: number;
  onFound: (page: number, tripId: string | null) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const time = useTimeFormat();
  const [text, setText] = useState("");
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const day = text.trim();
    const zone = time.zone ?? "local";
    const bounds = dayBounds(day, zone);
    if (day === "") return setMessage({ tone: "problem", text: "Enter a date, such as 2025-03-14." });
    if (!bounds)
      return setMessage({
        tone: "problem",
        text: `“${day}” is not a date: enter one as YYYY-MM-DD, such as 2025-03-14.`,
      });
    setPending(true);
    setMessage(null);
    try {
      const result = await fetchTripsDay(tokenId, {
        from: new Date(bounds.from).toISOString(),
        to: new Date(bounds.to).toISOString(),
      });
      switch (result.kind) {
        case "empty":
          return setMessage({ tone: "problem", text: "This vehicle has no trips yet." });
        case "before":
          return setMessage({
            tone: "problem",
            text: `${day} is before this vehicle's first trip, which started ${time.format(result.firstTripStart)}.`,
          });
        case "after":
          return setMessage({
            tone: "problem",
            text: `${day} is after this vehicle's latest trip, which started ${time.format(result.lastTripStart)}.`,
          });
        case "found":
        case "none":
          // The page the search read is the page the list needs: no second request for it.
          queryClient.setQueryData(tripsKeys.page(tokenId, result.page), result.trips);
          onFound(result.page, result.kind === "found" ? result.tripId : null);
          setMessage(
            result.kind === "found"
              ? null
              : {
                  tone: "note",
                  text: `No trips on ${day} (${UTC_OR_LOCAL[zone]}): page ${result.page} holds the trips just before it.`,
                },
          );
      }
    } catch (failure) {
      const error = toAppError(failure);
      setMessage({ tone: "problem", text: `The trips of ${day} could not be found: ${error.message}`, error });
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      onSubmit={submit}
      className="flex flex-wrap items-center gap-1.5 text-sm"
      aria-label="Jump to a date"
      data-testid="date-jump"
    >
      <label htmlFor={`${id}-day`} className="text-muted-foreground">
        Jump to
      </label>
      <input
        id={`${id}-day`}
        data-testid="date-jump-input"
        placeholder="YYYY-MM-DD"
        inputMode="numeric"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={message?.tone === "problem"}
        aria-describedby={message ? `${id}-message` : undefined}
        className="h-8 w-28 rounded-md border border-border bg-card px-2 tabular-nums"
      />
      <button type="submit" className={buttonClasses("secondary", "sm")} disabled={pending} data-testid="date-jump-go">
        {pending ? (
          <Loader2 className="size-4 animate-spin" aria-hidden />
        ) : (
          <CalendarSearch className="size-4" aria-hidden />
        )}
        Go
      </button>
      {message ? (
        <p
          id={`${id}-message`}
          role={message.tone === "problem" ? "alert" : "status"}
          data-testid={message.tone === "problem" ? "date-jump-problem" : "date-jump-note"}
          className={message.tone === "problem" ? "w-full text-xs text-danger" : "w-full text-xs text-muted-foreground"}
        >
          {message.text} {message.tone === "problem" ? <CallLink callId={message.error?.callId} /> : null}
        </p>
      ) : null}
    </form>
  );
}
