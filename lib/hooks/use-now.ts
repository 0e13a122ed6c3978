"use client";

import { useEffect, useState } from "react";
import { useTimeZoneChoice } from "./use-time-zone";

/**
 * False during the server render and hydration, true after. Text that depends on the viewer's locale, time zone or
 * clock waits for it, so the server's locale never shows and hydration never disagrees with the server's HTML. Told
 * by the time zone's provider (lib/hooks/use-time-zone.tsx), so the whole page turns in one interruptible render.
 */
export function useHydrated(): boolean {
  return useTimeZoneChoice() !== null;
}

/** The current time in ms, updated by one interval every `intervalMs` while the component is mounted. */
export function useNow(intervalMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
