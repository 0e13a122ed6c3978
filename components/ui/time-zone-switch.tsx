"use client";

import { cn } from "@/lib/cn";
import { TIME_ZONE_CHOICES, type TimeZoneChoice } from "@/lib/format/time";
import { saveTimeZoneChoice, useTimeZoneChoice } from "@/lib/hooks/use-time-zone";

const LABELS: Record<TimeZoneChoice, string> = { local: "Local", utc: "UTC" };

/**
 * Local or UTC, for every time on the page: a pair of toggle buttons (Tab reaches each, Space or Enter picks). The
 * choice is kept in this browser, so it holds across reloads and on the other pages.
 */
export function TimeZoneSwitch({ className }: { className?: string }) {
  const zone = useTimeZoneChoice();
  return (
    <div role="group" aria-label="Show times in" className={cn("inline-flex items-center gap-1.5 text-xs text-muted-foreground", className)} data-testid="time-zone-switch" data-zone={zone ?? "pending"}>
      <span aria-hidden>Times</span>
      <span className="inline-flex rounded-md border border-border p-0.5">
        {TIME_ZONE_CHOICES.map((choice) => (
          <button
            key={choice}
            type="button"
            aria-pressed={zone === choice}
            title={choice === "local" ? "In this device's time zone" : "In Coordinated Universal Time"}
            data-testid={`time-zone-${choice}`}
            className={cn(
              "h-6 rounded px-2 font-medium transition-colors",
              zone === choice ? "bg-primary text-primary-foreground" : "text-foreground hover:bg-muted",
            )}
            onClick={() => saveTimeZoneChoice(choice)}
          >
            {LABELS[choice]}
          </button>
        ))}
      </span>
    </div>
  );
}
