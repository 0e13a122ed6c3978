"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { type TimeWindow, WINDOW_CHOICES, dayOf, dayStartMs } from "./time-window";

/**
 * The time window's choices as a group of toggle buttons, and for a custom range two date fields and Apply. All are
 * native controls: Tab reaches each, Space or Enter picks, and a screen reader hears which one is pressed.
 */
export function TimeWindowControl({ value, onChange, nowMs }: { value: TimeWindow; onChange: (next: TimeWindow) => void; nowMs: number }) {
  const id = useId();
  const [customOpen, setCustomOpen] = useState(value.kind === "custom");
  const [from, setFrom] = useState(value.kind === "custom" ? value.from : dayOf(nowMs - 30 * 86_400_000));
  const [to, setTo] = useState(value.kind === "custom" ? value.to : dayOf(nowMs));
  const valid = Number.isFinite(dayStartMs(from)) && Number.isFinite(dayStartMs(to)) && from <= to;
  const selected = customOpen ? "custom" : value.kind;

  return (
    <div className="flex flex-wrap items-end gap-3" data-testid="time-window">
      <div role="group" aria-label="Time window" className="inline-flex rounded-md border border-border p-0.5">
        {WINDOW_CHOICES.map((choice) => (
          <button
            key={choice.kind}
            type="button"
            aria-pressed={selected === choice.kind}
            data-testid={`time-window-${choice.kind}`}
            className={cn(
              "h-7 rounded px-2.5 text-sm font-medium transition-colors",
              selected === choice.kind ? "bg-primary text-primary-foreground" : "hover:bg-muted",
            )}
            onClick={() => {
              if (choice.kind === "custom") return setCustomOpen(true);
              setCustomOpen(false);
              onChange({ kind: choice.kind });
            }}
          >
            {choice.label}
          </button>
        ))}
      </div>
      {customOpen ? (
        <form
          className="flex flex-wrap items-end gap-2"
          aria-label="Custom range"
          onSubmit={(event) => {
            event.preventDefault();
            if (valid) onChange({ kind: "custom", from, to });
          }}
        >
          <label className="flex flex-col gap-0.5 text-xs text-muted-foreground" htmlFor={`${id}-from`}>
            From
            <input
              id={`${id}-from`}
              type="date"
              value={from}
              max={to}
              onChange={(event) => setFrom(event.target.value)}
              data-testid="time-window-from"
              className="h-8 rounded-md border border-border bg-card px-2 text-sm text-foreground"
            />
          </label>
          <label className="flex flex-col gap-0.5 text-xs text-muted-foreground" htmlFor={`${id}-to`}>
            To
            <input
              id={`${id}-to`}
              type="date"
              value={to}
              min={from}
              onChange={(event) => setTo(event.target.value)}
              data-testid="time-window-to"
              className="h-8 rounded-md border border-border bg-card px-2 text-sm text-foreground"
            />
          </label>
          <Button type="submit" variant="secondary" size="sm" disabled={!valid} data-testid="time-window-apply">
            Apply
          </Button>
          {!valid ? (
            <p className="text-xs text-danger" role="alert">
              Pick a start day on or before the end day.
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
