"use client";

import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { type TimeStyle, type TimeZoneChoice, formatInZone, formatStableUtc } from "@/lib/format/time";

/**
 * The zone the person wants times in (their own, or UTC), kept in this browser's localStorage and shared live by
 * every time on the page (and by other tabs, through the storage event). The server knows neither the choice nor the
 * viewer's zone: it renders the stable UTC text, hydration agrees with it, and the chosen zone follows just after.
 *
 * The choice reaches the components through one context that `ClientTimeProvider` fills after hydration, inside a
 * transition: a page of a hundred trips re-renders its times in short slices the browser can interrupt, where a
 * store read by each component (useSyncExternalStore) would re-render them all in one synchronous task.
 */

const STORAGE_KEY = "dimo-dashboard.time-zone";
// The storage event reaches other tabs only; this one tells the rest of this tab.
const CHANGE_EVENT = "dimo-dashboard:time-zone";

function readChoice(): TimeZoneChoice {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === "utc" ? "utc" : "local";
  } catch {
    // Storage refused (private mode, a policy): the viewer's own zone.
    return "local";
  }
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY || event.key === null) onChange();
  };
  window.addEventListener("storage", onStorage);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

export function saveTimeZoneChoice(choice: TimeZoneChoice): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // Not kept across reloads, but this page still follows the choice below.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

const TimeZoneContext = createContext<TimeZoneChoice | null>(null);

/** Follows the person's choice for every component below, from just after hydration. */
export function ClientTimeProvider({ children }: { children: React.ReactNode }) {
  const [choice, setChoice] = useState<TimeZoneChoice | null>(null);
  useEffect(() => {
    const follow = () => startTransition(() => setChoice(readChoice()));
    follow();
    return subscribe(follow);
  }, []);
  return <TimeZoneContext value={choice}>{children}</TimeZoneContext>;
}

/** The chosen zone, or null during the server render and hydration (and outside `ClientTimeProvider`). */
export function useTimeZoneChoice(): TimeZoneChoice | null {
  return useContext(TimeZoneContext);
}

export interface TimeFormat {
  /** null until hydrated: the texts are then the stable UTC ones. */
  zone: TimeZoneChoice | null;
  format: (iso: string | number | Date, style?: TimeStyle) => string;
}

/** Formats times in the chosen zone, always naming it: the one way components show a time. */
export function useTimeFormat(): TimeFormat {
  const zone = useTimeZoneChoice();
  const format = useCallback(
    (iso: string | number | Date, style: TimeStyle = "datetime") =>
      zone === null ? formatStableUtc(iso, style) : formatInZone(iso, style, zone),
    [zone],
  );
  return useMemo(() => ({ zone, format }), [zone, format]);
}
