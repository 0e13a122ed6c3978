"use client";

import type { TimeStyle } from "@/lib/format/time";
import { useTimeFormat } from "@/lib/hooks/use-time-zone";

/** A time in the zone the person chose (their own or UTC), naming the zone; the ISO value in the title. */
export function LocalTime({ iso, format = "datetime" }: { iso: string; format?: TimeStyle }) {
  const time = useTimeFormat();
  return (
    <time dateTime={iso} title={iso} data-zone={time.zone ?? "pending"}>
      {time.format(iso, format)}
    </time>
  );
}
