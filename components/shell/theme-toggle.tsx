"use client";

import { Monitor, Moon, Sun } from "lucide-react";
import { useTheme } from "next-themes";
import { useSyncExternalStore } from "react";

const ORDER = ["system", "light", "dark"] as const;
type ThemeChoice = (typeof ORDER)[number];

const ICONS = { system: Monitor, light: Sun, dark: Moon } satisfies Record<ThemeChoice, unknown>;

const subscribeNever = () => () => {};

/** Cycles system → light → dark. The choice is unknown on the server, so it renders once mounted. */
export function ThemeToggle() {
  const { theme, setTheme, resolvedTheme } = useTheme();
  const mounted = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  const current: ThemeChoice = ORDER.includes(theme as ThemeChoice) ? (theme as ThemeChoice) : "system";
  const next = ORDER[(ORDER.indexOf(current) + 1) % ORDER.length] ?? "system";
  const Icon = ICONS[current];

  return (
    <button
      type="button"
      data-testid="theme-toggle"
      data-theme-choice={mounted ? current : undefined}
      data-theme-resolved={mounted ? resolvedTheme : undefined}
      onClick={() => setTheme(next)}
      className="inline-flex h-9 items-center gap-2 rounded-md border border-border px-3 text-sm hover:bg-muted"
      // The choice is known only once mounted: until then the name says nothing the page could contradict.
      title={mounted ? `Theme: ${current}. Switch to ${next}.` : "Theme"}
      aria-label={mounted ? `Theme: ${current}. Switch to ${next}.` : "Theme"}
    >
      {mounted ? <Icon className="size-4" aria-hidden /> : <span className="size-4" />}
      <span className="hidden capitalize sm:inline">{mounted ? current : "Theme"}</span>
    </button>
  );
}
