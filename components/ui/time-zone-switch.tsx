"use client";

import { cn } from "@/lib/cn";
import { TIME_ZONE_CHOICES, type TimeZoneChoice } from "@/lib/format/time";
import { saveTimeZoneChoice, useTimeZoneChoice } from "@/lib/hooks/use-time-zone";
import { ToggleGroup } from "./toggle-group";

const LABELS: Record<TimeZoneChoice, string> = { local: "Local", utc: "UTC" };
const TITLES: Record<TimeZoneChoice, string> = {
  local: "In this device's time zone",
  utc: "In Coordinated Universal Time",
};
const OPTIONS = TIME_ZONE_CHOICES.map((choice) => ({ value: choice, label: LABELS[choice], title: TITLES[choice] }));

/**
 * Local or UTC, for every time on the page: a pair of toggle buttons (Tab reaches each, Space or Enter picks). The
 * choice is kept in this browser, so it holds across reloads and on the other pages.
 */
export function TimeZoneSwitch({ className }: { className?: string }) {
  const zone = useTimeZoneChoice();
  return (
    <div
      role="group"
      aria-label="Show times in"
      className={cn("inline-flex items-center gap-1.5 text-xs text-muted-foreground", className)}
      data-testid="time-zone-switch"
      data-zone={zone ?? "pending"}
    >
      <span aria-hidden>Times</span>
      <ToggleGroup
        options={OPTIONS}
        selected={zone ?? null}
        onSelect={saveTimeZoneChoice}
        testIdPrefix="time-zone"
        size="sm"
      />
    </div>
  );
}
