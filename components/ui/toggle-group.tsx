"use client";

import { cn } from "@/lib/cn";

export interface ToggleOption<T extends string> {
  value: T;
  label: string;
  /** A longer description, as the button's tooltip. */
  title?: string;
}

/**
 * One choice among a few, as a row of native toggle buttons: Tab reaches each, Space or Enter picks, and a screen
 * reader hears which one is pressed (`aria-pressed`). Each button's test id is `${testIdPrefix}-${value}`.
 */
export function ToggleGroup<T extends string>({
  label,
  options,
  selected,
  onSelect,
  testIdPrefix,
  size = "md",
  className,
}: {
  /** The group's accessible name. */
  label?: string;
  options: readonly ToggleOption<T>[];
  selected: T | null;
  onSelect: (value: T) => void;
  testIdPrefix: string;
  size?: "sm" | "md";
  className?: string;
}) {
  return (
    <span
      role={label ? "group" : undefined}
      aria-label={label}
      className={cn("inline-flex rounded-md border border-border p-0.5", className)}
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={selected === option.value}
          title={option.title}
          data-testid={`${testIdPrefix}-${option.value}`}
          className={cn(
            "rounded font-medium transition-colors",
            size === "sm" ? "h-6 px-2" : "h-7 px-2.5 text-sm",
            selected === option.value ? "bg-primary text-primary-foreground" : "text-foreground hover:bg-muted",
          )}
          onClick={() => onSelect(option.value)}
        >
          {option.label}
        </button>
      ))}
    </span>
  );
}
