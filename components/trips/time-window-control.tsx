"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { ToggleGroup } from "@/components/ui/toggle-group";
import { dayOf } from "@/lib/format/time";
import { useTimeZoneChoice } from "@/lib/hooks/use-time-zone";
import { type TimeWindow, WINDOW_CHOICES, isDay } from "./time-window";

/** A native date field with its label above it: a day as YYYY-MM-DD. */
function DayField({
  id,
  label,
  value,
  min,
  max,
  onChange,
  testId,
}: {
  id: string;
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (day: string) => void;
  testId: string;
}) {
  return (
    <label className="flex flex-col gap-0.5 text-xs text-muted-foreground" htmlFor={id}>
      {label}
      <input
        id={id}
        type="date"
        value={value}
        min={min}
        max={max}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
        className="h-8 rounded-md border border-border bg-card px-2 text-sm text-foreground"
      />
    </label>
  );
}

const WINDOW_OPTIONS = WINDOW_CHOICES.map((choice) => ({ value: choice.kind, label: choice.label }));

/**
 * The time window's choices as a group of toggle buttons, and for a custom range two date fields and Apply. All are
 * native controls: Tab reaches each, Space or Enter picks, and a screen reader hears which one is pressed.
 */
export function TimeWindowControl({
  value,
  onChange,
  nowMs,
}: {
  value: TimeWindow;
  onChange: (next: TimeWindow) => void;
  nowMs: number;
}) {
  const id = useId();
  const [customOpen, setCustomOpen] = useState(value.kind === "custom");
  // The days the page's times are shown in (until hydrated, the viewer's own).
  const zone = useTimeZoneChoice() ?? "local";
  const [from, setFrom] = useState(value.kind === "custom" ? value.from : dayOf(nowMs - 30 * 86_400_000, zone));
  const [to, setTo] = useState(value.kind === "custom" ? value.to : dayOf(nowMs, zone));
  const valid = isDay(from) && isDay(to) && from <= to;
  const selected = customOpen ? "custom" : value.kind;

  return (
    <div className="flex flex-wrap items-end gap-3" data-testid="time-window">
      <ToggleGroup
        label="Time window"
        options={WINDOW_OPTIONS}
        selected={selected}
        onSelect={(kind) => {
          if (kind === "custom") return setCustomOpen(true);
          setCustomOpen(false);
          onChange({ kind });
        }}
        testIdPrefix="time-window"
      />
      {customOpen ? (
        <form
          className="flex flex-wrap items-end gap-2"
          aria-label="Custom range"
          onSubmit={(event) => {
            event.preventDefault();
            if (valid) onChange({ kind: "custom", from, to });
          }}
        >
          <DayField id={`${id}-from`} label="From" value={from} max={to} onChange={setFrom} testId="time-window-from" />
          <DayField id={`${id}-to`} label="To" value={to} min={from} onChange={setTo} testId="time-window-to" />
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
