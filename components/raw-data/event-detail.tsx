"use client";

import { useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { buttonClasses } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import { useTimeFormat } from "@/lib/hooks/use-time-zone";
import { type RawEvent, type RawEventHeader } from "@/lib/models/raw-data";
import { toAppError } from "@/lib/result";
import { JsonViewer } from "./json-viewer";
import { rawEventQuery, rawEventUrl } from "./raw-data-queries";

/** One event opened from the list: its whole header, and its payload read when opened, to fold, copy or download. */

function HeaderTable({ header }: { header: RawEventHeader }) {
  const { format } = useTimeFormat();
  const rows: [string, string | null][] = [
    ["time", `${header.time} (${format(header.time)})`],
    ["type", header.type],
    ["source", header.source],
    ["producer", header.producer],
    ["subject", header.subject],
    ["id", header.id],
    ["dataversion", header.dataversion],
    ["datacontenttype", header.datacontenttype],
    ["dataschema", header.dataschema],
    ["specversion", header.specversion],
    ["raweventid", header.raweventid],
    ["signature", header.signature],
    ["tags", header.tags.length > 0 ? header.tags.join(", ") : null],
  ];
  return (
    <table className="w-full text-left text-xs" data-testid="raw-event-header">
      <caption className="sr-only">The event&apos;s header</caption>
      <tbody>
        {rows
          .filter((row): row is [string, string] => row[1] !== null && row[1] !== "")
          .map(([name, value]) => (
            <tr key={name} className="border-b border-border last:border-b-0">
              <th scope="row" className="w-36 py-1 pr-3 align-top font-mono font-normal text-muted-foreground">
                {name}
              </th>
              <td className="py-1 font-mono break-all">{value}</td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}

function Payload({ event }: { event: RawEvent }) {
  const { payload } = event;
  switch (payload.kind) {
    case "json":
      return <JsonViewer value={payload.value} label="The event's payload" />;
    case "base64":
      return (
        <pre className="max-h-64 overflow-auto rounded-md border border-border bg-muted/30 p-3 font-mono text-xs break-all whitespace-pre-wrap">
          {payload.value}
        </pre>
      );
    case "url":
      return (
        <div className="flex flex-col gap-2 text-sm">
          <p className="text-muted-foreground">
            A large payload, kept apart:{" "}
            <a href={payload.url} className="underline" target="_blank" rel="noreferrer noopener">
              its link
            </a>
            . {payload.note}
          </p>
          {payload.value !== null ? <JsonViewer value={payload.value} label="The event's payload" /> : null}
        </div>
      );
    case "none":
      return <p className="text-sm text-muted-foreground">The event carries no payload.</p>;
  }
}

const payloadText = (event: RawEvent): string | null => {
  const { payload } = event;
  if (payload.kind === "json" || (payload.kind === "url" && payload.value !== null))
    return JSON.stringify(payload.value, null, 2);
  return payload.kind === "base64" ? payload.value : null;
};

export function EventDetail({ tokenId, header }: { tokenId: number; header: RawEventHeader }) {
  const read = useQuery(rawEventQuery(tokenId, header.id, header.source));
  const event = read.data;
  const copied = event ? payloadText(event) : null;
  return (
    <div className="flex flex-col gap-4 p-3" data-testid="raw-event-detail" data-event-id={header.id}>
      <HeaderTable header={event?.header ?? header} />
      <section className="flex flex-col gap-2" aria-label="Payload">
        <div className="flex items-center gap-2">
          <h4 className="text-sm font-semibold">Payload</h4>
          {copied !== null ? <CopyButton value={copied} label="Copy the payload" /> : null}
          <a
            href={rawEventUrl(tokenId, header.id, header.source, true)}
            download
            className={buttonClasses("secondary", "sm", "ml-auto")}
            data-testid="raw-event-download"
          >
            <Download className="size-3.5" aria-hidden />
            Download the event
          </a>
        </div>
        {event ? (
          <div data-testid="raw-event-payload">
            <Payload event={event} />
          </div>
        ) : read.error ? (
          <ErrorNotice
            error={toAppError(read.error)}
            feature="rawData"
            title="The event could not be read."
            onRetry={() => void read.refetch()}
            retrying={read.isFetching}
            testId="raw-event-error"
          />
        ) : (
          <Skeleton className="h-32 w-full" />
        )}
      </section>
    </div>
  );
}
