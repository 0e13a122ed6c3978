"use client";

import { formatDate, formatDateTime, formatTime } from "@/lib/format/time";
import { useHydrated } from "@/lib/hooks/use-now";

const FORMATS = { date: formatDate, datetime: formatDateTime, time: formatTime } as const;

/** A time in the viewer's time zone; the UTC value (in the title, and as text until hydration) for reference. */
export function LocalTime({ iso, format = "datetime" }: { iso: string; format?: keyof typeof FORMATS }) {
  const hydrated = useHydrated();
  const utc = format === "date" ? iso.slice(0, 10) : `${iso.slice(0, 16).replace("T", " ")} UTC`;
  return (
    <time dateTime={iso} title={iso}>
      {hydrated ? FORMATS[format](iso) : utc}
    </time>
  );
}
