import { formatNumber } from "@/lib/format/numbers";
import { formatDuration } from "@/lib/format/time";
import type { FleetRefreshProgress } from "@/lib/models/fleet";

/**
 * The position refresher's progress in words: how many vehicles have a position, and how long the rest take at DIMO's
 * limits, so a person knows how far to trust the map. Pure and client-safe.
 */

const vehicles = (count: number) => `${formatNumber(count)} ${count === 1 ? "vehicle" : "vehicles"}`;

/** `Positions for 3,214 of 10,000 vehicles; the rest in about 12 min at DIMO's limits.` and what is missing. */
export function fleetProgressText(progress: FleetRefreshProgress): string {
  const { total, withPosition, remainingSeconds, withoutLocationGrant, failure } = progress;
  if (total === 0) return "No vehicles to place yet.";
  const parts = [`Positions for ${formatNumber(withPosition)} of ${vehicles(total)}`];
  if (remainingSeconds !== null && remainingSeconds > 0) {
    parts[0] += `; the rest in about ${formatDuration(remainingSeconds * 1000)} at DIMO's limits`;
  }
  parts[0] += ".";
  if (withoutLocationGrant > 0) {
    parts.push(
      `${withoutLocationGrant === 1 ? "1 vehicle's grant gives" : `${formatNumber(withoutLocationGrant)} vehicles' grants give`} no location, so ${withoutLocationGrant === 1 ? "it is" : "they are"} not on the map.`,
    );
  }
  if (failure !== null) parts.push(`The last read failed (${failure}); it is tried again shortly.`);
  return parts.join(" ");
}

/** Whether the map's positions are still coming in: the page then asks for them again every so often. */
export const stillReading = (progress: FleetRefreshProgress) =>
  progress.running || (progress.remainingSeconds !== null && progress.remainingSeconds > 0);
