"use client";

import { ChevronRight } from "lucide-react";
import { useState } from "react";
import { useTimeFormat } from "@/lib/hooks/use-time-zone";
import { RAW_TYPE_LABELS, type RawEventHeader } from "@/lib/models/raw-data";
import { EventDetail } from "./event-detail";

/** A page of events, newest first: a row each (time, type, source, producer), opened in place to read one. */

const short = (value: string) => (value.length > 28 ? `${value.slice(0, 14)}…${value.slice(-10)}` : value);

function EventRow({ tokenId, header }: { tokenId: number; header: RawEventHeader }) {
  const [open, setOpen] = useState(false);
  const { format } = useTimeFormat();
  const detailId = `raw-event-${header.id}`;
  return (
    <li className="border-b border-border last:border-b-0" data-testid="raw-event" data-type={header.type}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={detailId}
        onClick={() => setOpen((was) => !was)}
        className="grid w-full grid-cols-[auto_12rem_1fr] items-center gap-3 px-3 py-2 text-left text-sm hover:bg-muted/50 md:grid-cols-[auto_12rem_10rem_1fr_1fr]"
        data-testid="raw-event-toggle"
      >
        <ChevronRight className={`size-4 transition-transform ${open ? "rotate-90" : ""}`} aria-hidden />
        <time dateTime={header.time} className="tabular-nums">
          {format(header.time)}
        </time>
        <span>{RAW_TYPE_LABELS[header.type] ?? header.type}</span>
        <span className="hidden truncate font-mono text-xs text-muted-foreground md:block" title={header.source}>
          {short(header.source)}
        </span>
        <span className="hidden truncate font-mono text-xs text-muted-foreground md:block" title={header.producer}>
          {short(header.producer)}
        </span>
      </button>
      {open ? (
        <div id={detailId} className="border-t border-border bg-muted/20">
          <EventDetail tokenId={tokenId} header={header} />
        </div>
      ) : null}
    </li>
  );
}

export function EventList({ tokenId, events }: { tokenId: number; events: readonly RawEventHeader[] }) {
  return (
    <ul className="rounded-md border border-border" data-testid="raw-events">
      {events.map((header) => (
        <EventRow key={`${header.source}:${header.id}`} tokenId={tokenId} header={header} />
      ))}
    </ul>
  );
}
