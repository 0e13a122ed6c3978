"use client";

import { useEffect, useState, useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False during the server render and hydration, true after. Text that depends on the viewer's locale, time zone or
 * clock waits for it, so the server's locale never shows and hydration never disagrees with the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
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
