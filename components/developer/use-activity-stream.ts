"use client";

import { useEffect, useState } from "react";
import { ACTIVITY_LIMIT, newestFirst } from "@/lib/activity-filters";
import type { ActivityEntry } from "@/lib/models";

/** How many calls the server keeps, and so the most the browser shows. */

export type StreamStatus = "connecting" | "live" | "reconnecting" | "closed";

export interface ActivityStream {
  /** Newest first. */
  records: ActivityEntry[];
  /** False until the first snapshot arrived. */
  loaded: boolean;
  status: StreamStatus;
}

function parseRecords(data: string): ActivityEntry[] {
  const value: unknown = JSON.parse(data);
  return Array.isArray(value) ? (value as ActivityEntry[]) : [];
}

/**
 * The server's activity log, live, over one EventSource while `enabled`: a snapshot first, then each new call.
 * `tokenId` narrows it to one vehicle's calls and the shared calls that served them. The browser reconnects by
 * itself after a network error; each reconnection starts from a fresh snapshot.
 */
export function useActivityStream({
  tokenId,
  enabled = true,
}: { tokenId?: number; enabled?: boolean } = {}): ActivityStream {
  const [records, setRecords] = useState<ActivityEntry[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [status, setStatus] = useState<StreamStatus>("connecting");

  useEffect(() => {
    if (!enabled) return;
    const source = new EventSource(
      tokenId === undefined ? "/api/developer/activity" : `/api/developer/activity?tokenId=${tokenId}`,
    );
    source.addEventListener("snapshot", (event) => {
      setRecords(newestFirst(parseRecords(event.data as string), ACTIVITY_LIMIT));
      setLoaded(true);
      setStatus("live");
    });
    source.addEventListener("entry", (event) => {
      const [record] = parseRecords(`[${event.data as string}]`);
      if (record === undefined) return;
      // An entry can arrive both in a snapshot and as an event (it ended while the snapshot was taken).
      setRecords((previous) =>
        previous.some((known) => known.id === record.id)
          ? previous
          : newestFirst([record, ...previous], ACTIVITY_LIMIT),
      );
    });
    source.addEventListener("open", () => setStatus("live"));
    source.addEventListener("error", () => {
      // A refused stream (the session ended) closes for good; a dropped connection is retried by the browser.
      setStatus(source.readyState === EventSource.CLOSED ? "closed" : "reconnecting");
    });
    return () => source.close();
  }, [tokenId, enabled]);

  return { records, loaded, status };
}
