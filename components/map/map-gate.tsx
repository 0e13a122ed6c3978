"use client";

import { MapIcon } from "lucide-react";
import { cn } from "@/lib/cn";
import { useMapsWanted, wantMaps } from "@/lib/hooks/use-maps-wanted";

/**
 * A map that loads when it is wanted: until then its light preview, which asks for the map as soon as the pointer
 * enters it or a finger touches it, or when its button is pressed (keyboard users: focus alone does not load it, so
 * tabbing past costs nothing). Once one map is asked for, every map of the tab loads at once (lib/hooks/use-maps-wanted.ts).
 */
export function MapGate({
  preview,
  className,
  children,
}: {
  /** What stands in for the map: drawn with the page, and cheap. */
  preview: React.ReactNode;
  className: string;
  /** The map itself, loaded lazily. */
  children: React.ReactNode;
}) {
  const wanted = useMapsWanted();
  if (wanted) return children;
  return (
    <div
      className={cn("relative overflow-hidden rounded-lg border border-border bg-muted", className)}
      data-testid="map-preview"
      onPointerEnter={wantMaps}
      onTouchStart={wantMaps}
    >
      {preview}
      <button
        type="button"
        onClick={wantMaps}
        className="absolute right-3 bottom-3 inline-flex h-8 items-center gap-1.5 rounded-md border border-border bg-card px-3 text-sm font-medium shadow-sm hover:bg-muted"
        data-testid="map-preview-load"
      >
        <MapIcon className="size-4" aria-hidden />
        Show the interactive map
      </button>
    </div>
  );
}
