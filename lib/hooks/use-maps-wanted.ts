"use client";

import { useSyncExternalStore } from "react";

/**
 * Whether this tab has asked for interactive maps. MapLibre is the heaviest code the dashboard runs (a megabyte of
 * script, shaders to compile, a worker to start), so a page shows a light preview of its map until the person points
 * at it, touches it or presses its button; from then on, every map in the tab loads at once, across pages and reloads
 * (the choice is kept in the tab's session storage).
 */

/** Where the tab keeps the choice; the browser tests set it to start as someone who asked for the maps. */
export const MAPS_WANTED_KEY = "dash:maps-wanted";
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

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => wantedHere || storedChoice();

/** Loads every map in this tab, now and on the pages opened after. */
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

/** False on the server and during hydration, so the preview is what the HTML holds. */
export function useMapsWanted(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
