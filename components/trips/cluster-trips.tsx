"use client";

import Link from "next/link";
import { PickedList } from "@/components/map/picked-list";
import { formatDistanceKm, formatNumber } from "@/lib/format/numbers";
import { formatDuration } from "@/lib/format/time";
import { useTimeFormat } from "@/lib/hooks/use-time-zone";
import type { PointStore } from "./point-store";

/** The trips a click on the all-trips map picked: at most a few hundred of them, and how many there are in all. */
export interface PickedTrips {
  /** What was clicked: a cluster or single start, or the straight lines of the lines view. */
  kind: "starts" | "lines";
  /** Point store entries. */
  indices: number[];
  total: number;
}

const HEADINGS: Record<PickedTrips["kind"], { one: string; many: (count: string) => string; label: string }> = {
  starts: { one: "1 trip starts here", many: (count) => `${count} trips start here`, label: "Trips in the cluster" },
  lines: {
    one: "1 trip's line crosses here",
    many: (count) => `${count} trips' lines cross here`,
    label: "Trips whose lines cross here",
  },
};

/**
 * The trips a click picked (a cluster, a single start, or the lines under the pointer), newest first: when each
 * started, how long it took, how far it went in a straight line, and a link to it on its trips page, selected there.
 */
export function ClusterTrips({
  tokenId,
  store,
  picked,
  onClose,
}: {
  tokenId: number;
  store: PointStore;
  picked: PickedTrips;
  onClose: () => void;
}) {
  const time = useTimeFormat();
  const rows = [...picked.indices].sort((a, b) => (store.positions[a] ?? 0) - (store.positions[b] ?? 0));
  const words = HEADINGS[picked.kind];
  const heading = picked.total === 1 ? words.one : words.many(formatNumber(picked.total));
  return (
    <PickedList
      label={words.label}
      heading={heading}
      shown={rows.length}
      total={picked.total}
      onClose={onClose}
      testId="cluster-trips"
      data-kind={picked.kind}
      data-total={picked.total}
      columns={
        <>
          <th className="px-3 py-1.5 font-medium">Started</th>
          <th className="px-3 py-1.5 font-medium">Duration</th>
          <th className="px-3 py-1.5 font-medium">Distance (straight line)</th>
          <th className="px-3 py-1.5 font-medium">
            <span className="sr-only">Link</span>
          </th>
        </>
      }
    >
      {rows.map((i) => {
        const id = store.ids[i] ?? "";
        const start = store.startTimes[i] ?? NaN;
        const duration = store.durations[i] ?? -1;
        const metres = store.distances[i] ?? -1;
        return (
          <tr key={`${i}-${id}`} className="border-t border-border" data-testid="cluster-trip" data-trip-id={id}>
            <td className="px-3 py-1.5">{Number.isFinite(start) ? time.format(start) : "unknown"}</td>
            <td className="px-3 py-1.5">{duration >= 0 ? formatDuration(duration) : "unknown"}</td>
            <td className="px-3 py-1.5">{metres >= 0 ? formatDistanceKm(metres / 1000) : "unknown"}</td>
            <td className="px-3 py-1.5 text-right">
              <Link
                href={`/vehicles/${tokenId}/trips?page=${store.pageOf(i)}&trip=${encodeURIComponent(id)}`}
                className="text-primary underline-offset-2 hover:underline"
              >
                Open
                <span className="sr-only">
                  {" "}
                  the trip that started {Number.isFinite(start) ? time.format(start) : ""}
                </span>
              </Link>
            </td>
          </tr>
        );
      })}
    </PickedList>
  );
}
