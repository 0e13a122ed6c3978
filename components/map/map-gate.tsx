"use client";

import { MapIcon } from "lucide-react";
import { type RefObject, useEffect, useRef, useState } from "react";
import { cn } from "@/lib/cn";
import { useMapsWanted, wantMaps } from "@/lib/hooks/use-maps-wanted";

/** How far ahead of the viewport a map starts loading: half a screen, so that a scroll reaches a map being drawn. */
const AHEAD_MARGIN = "50% 0px";

/** Whether the element has come near the viewport; stays true once it has. */
function useSeen(ref: RefObject<HTMLElement | null>): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || seen) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: AHEAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen]);
  return seen;
}

/**
 * Calls `onDrawn` once the map inside `ref` has drawn its first frame: every map says `data-state="ready"` after
 * MapLibre's `load` (its first complete frame), and the page's own layers land in the frame after.
 */
function useFirstFrame(ref: RefObject<HTMLElement | null>, active: boolean, onDrawn: () => void): void {
  useEffect(() => {
    const element = ref.current;
    if (!active || !element) return;
    let frame: number | null = null;
    const check = () => {
      if (frame !== null || !element.querySelector('[data-state="ready"]')) return;
      frame = requestAnimationFrame(() => (frame = requestAnimationFrame(onDrawn)));
    };
    const observer = new MutationObserver(check);
    observer.observe(element, { subtree: true, childList: true, attributeFilter: ["data-state"] });
    check();
    return () => {
      observer.disconnect();
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [ref, active, onDrawn]);
}

/**
 * A map in a box of its own size: its light preview is the first paint and stands in the box while MapLibre loads,
 * which it does by itself once the box comes near the viewport; the map, in the page's flow, is drawn over the
 * preview (its canvas is clear until its first frame), and the preview goes once that frame is drawn, so nothing
 * moves. Someone who asked for less data (lib/hooks/use-maps-wanted.ts) keeps the preview and its button, which loads
 * every map of the tab.
 */
export function MapGate({
  preview,
  className,
  previewClassName = "inset-0",
  children,
}: {
  /** What stands in for the map: drawn with the page, and cheap. */
  preview: React.ReactNode;
  /** The box's size: the map's own, which the preview fills. */
  className: string;
  /** Where the preview lies in the box, when the map brings more than itself below it (the whole box otherwise). */
  previewClassName?: string;
  /** The map itself, loaded lazily. */
  children: React.ReactNode;
}) {
  const wanted = useMapsWanted();
  const boxRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<HTMLDivElement>(null);
  const seen = useSeen(boxRef);
  const [started, setStarted] = useState(false);
  const [drawn, setDrawn] = useState(false);
  // Once started the map stays, whatever the viewport or the preference does next.
  if (wanted === true && seen && !started) setStarted(true);
  const [onDrawn] = useState(() => () => setDrawn(true));
  useFirstFrame(mapRef, started && !drawn, onDrawn);

  return (
    <div
      ref={boxRef}
      className={cn("relative", className)}
      data-testid="map-box"
      data-map={drawn ? "drawn" : started ? "loading" : "preview"}
    >
      {drawn ? null : (
        <div
          className={cn("absolute overflow-hidden rounded-lg border border-border bg-muted", previewClassName)}
          data-testid="map-preview"
        >
          {preview}
          {wanted === false ? (
            <button
              type="button"
              onClick={wantMaps}
              className="absolute right-3 bottom-3 inline-flex h-8 items-center gap-1.5 rounded-md border border-border bg-card px-3 text-sm font-medium shadow-sm hover:bg-muted"
              data-testid="map-preview-load"
            >
              <MapIcon className="size-4" aria-hidden />
              Show the interactive map
            </button>
          ) : null}
        </div>
      )}
      {/* No box of its own: the map fills the gate's box (which holds any minimum), over the preview laid before it. */}
      {started ? (
        <div ref={mapRef} className="contents *:min-h-0">
          {children}
        </div>
      ) : null}
    </div>
  );
}
