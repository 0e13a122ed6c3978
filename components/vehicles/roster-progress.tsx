"use client";

import { useRouter } from "next/navigation";
import { useEffect, useTransition } from "react";
import { type RosterProgress as Progress } from "@/lib/models/roster";

/** How often the list asks the server again while the roster fills: each time a few identity pages further. */
const REFRESH_EVERY_MS = 1_500;

const count = new Intl.NumberFormat("en-US");

/** `1,350 of about 10,000 vehicles read`: while the roster still fills, and the page re-rendered as it grows. */
function rosterProgressText(progress: Progress): string {
  const total = progress.totalCount === null ? "" : ` of about ${count.format(progress.totalCount)}`;
  return `${count.format(progress.known)}${total} vehicles read; the list fills in as DIMO answers.`;
}

/**
 * The progress line of a roster still being read, which re-renders the page's server part (the same URL) every so
 * often until the roster is complete; the search box and filters keep their state meanwhile.
 */
export function RosterProgress({ progress }: { progress: Progress }) {
  const router = useRouter();
  const [, startRefresh] = useTransition();
  const { complete } = progress;

  useEffect(() => {
    if (complete) return;
    const timer = setInterval(() => startRefresh(() => router.refresh()), REFRESH_EVERY_MS);
    return () => clearInterval(timer);
  }, [complete, router]);

  if (complete) return null;
  return (
    <p className="text-sm text-muted-foreground" role="status" data-testid="vehicle-roster-progress">
      {rosterProgressText(progress)}
      {progress.failure ? ` The last page asked for failed (${progress.failure}); it is asked again shortly.` : null}
    </p>
  );
}
