"use client";

import { useSyncExternalStore } from "react";

/**
 * Whether this tab's interactive maps may load by themselves. They do, unless the person asked for less data (the
 * `prefers-reduced-data` media feature, or the Save-Data hint where the browser exposes it): MapLibre is the heaviest
 * code the dashboard runs (a megabyte of script, a worker, tiles and glyphs), so such a person keeps each map's light
 * preview until they press its button; from then on every map of the tab loads, across pages and reloads (the choice
 * is kept in the tab's session storage).
 */

const MAPS_WANTED_KEY = "dash:maps-wanted";
const REDUCED_DATA_QUERY = "(prefers-reduced-data: reduce)";
const listeners = new Set<() => void>();
let wantedHere = false;

function storedChoice(): boolean {
  try {
    return sessionStorage.getItem(MAPS_WANTED_KEY) === "1";
  } catch {
    // Storage refused (a privacy mode): the choice lasts as long as the page.
    return false;
  }
}

/** Whether the person asked for less data: the media feature where the browser knows it, else the Save-Data hint. */
function reducedData(): boolean {
  if (window.matchMedia(REDUCED_DATA_QUERY).matches) return true;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const media = window.matchMedia(REDUCED_DATA_QUERY);
  media.addEventListener("change", listener);
  return () => {
    listeners.delete(listener);
    media.removeEventListener("change", listener);
  };
}

const snapshot = () => wantedHere || !reducedData() || storedChoice();

/** Loads every map in this tab, now and on the pages opened after: the choice of someone who asked for less data. */
export function wantMaps(): void {
  if (wantedHere) return;
  wantedHere = true;
  try {
    sessionStorage.setItem(MAPS_WANTED_KEY, "1");
  } catch {
    // Kept for this page only, as above.
  }
  for (const listener of listeners) listener();
}

/**
 * Null on the server and during hydration (the preference is the browser's to tell), so the HTML holds the preview
 * alone, without the button a person who asked for less data is then shown.
 */
export function useMapsWanted(): boolean | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}
