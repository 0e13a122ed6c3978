"use client";

import { List, LocateFixed } from "lucide-react";
import { useId } from "react";
import type { ClusterMark } from "@/components/map/gl/cluster-marks";
import { Button } from "@/components/ui/button";
import { formatNumber } from "@/lib/format/numbers";
import { formatLatLng } from "@/lib/geo/trip-places";

/** A place's part of the window's trips, in whole percent; a sliver still shows as one. */
export function shareOf(count: number, total: number): string {
  if (total <= 0) return "";
  const percent = (count / total) * 100;
  return percent < 1 ? "<1%" : `${Math.round(percent)}%`;
}

/**
 * Where the window's trips start most often, as text: what the clusters show a sighted mouse user, for a keyboard
 * and a screen reader too, and a ranking nobody has to read off circles. Each place can be shown on the map, and its
 * trips listed as a click on its cluster lists them.
 */
export function BusiestPlaces({
  places,
  total,
  reach,
  onShow,
  onList,
}: {
  places: readonly ClusterMark[];
  /** Trips with a start in the window: the places' shares are of these. */
  total: number;
  /** How far apart two starts can be and still count as one place, in words. */
  reach: string;
  onShow: (place: ClusterMark) => void;
  onList: (place: ClusterMark) => void;
}) {
  const headingId = useId();
  if (places.length === 0) return null;
  return (
    <section className="rounded-lg border border-border" aria-labelledby={headingId} data-testid="busiest-places">
      <div className="border-b border-border px-3 py-2">
        <h2 id={headingId} className="text-sm font-medium">
          Where trips start most often
        </h2>
        <p className="text-xs text-muted-foreground">Starts within {reach} of each other count as one place.</p>
      </div>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-xs text-muted-foreground">
            <th className="px-3 py-1.5 font-medium">Trips</th>
            <th className="px-3 py-1.5 font-medium">Share</th>
            <th className="px-3 py-1.5 font-medium">Where (latitude, longitude)</th>
            <th className="px-3 py-1.5 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {places.map((place) => {
            const where = formatLatLng({ latitude: place.lat, longitude: place.lng });
            return (
              <tr
                key={`${place.lng},${place.lat}`}
                className="border-t border-border"
                data-testid="busiest-place"
                data-count={place.count}
                data-lng={place.lng}
                data-lat={place.lat}
              >
                <td className="px-3 py-1.5 tabular-nums">{formatNumber(place.count)}</td>
                <td className="px-3 py-1.5 tabular-nums">{shareOf(place.count, total)}</td>
                <td className="px-3 py-1.5 font-mono text-xs">{where}</td>
                <td className="px-3 py-1 text-right whitespace-nowrap">
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => onShow(place)}
                    aria-label={`Show the place at ${where} on the map`}
                  >
                    <LocateFixed className="size-3.5" aria-hidden />
                    <span className="hidden sm:inline">Show</span>
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => onList(place)}
                    aria-label={`List ${place.count === 1 ? "the trip" : `the ${formatNumber(place.count)} trips`} that start${place.count === 1 ? "s" : ""} at ${where}`}
                  >
                    <List className="size-3.5" aria-hidden />
                    <span className="hidden sm:inline">Trips</span>
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
