"use client";

import type { ActivityEntry, ActivityMessage } from "@/lib/models";
import { useTimeFormat } from "@/lib/hooks/use-time-zone";
import { SERVICE_LABELS } from "@/lib/protocol";
import { CacheBadge, StatusBadge } from "./activity-badges";
import { CurlPanel } from "./curl-panel";
import { PathText } from "./path-text";

/**
 * One call in full: when and how long, each attempt, the request and the response (headers and body as the server
 * logged them: redacted, bodies cut to their first characters), and "copy as cURL". Nothing here is a secret: the
 * server never logged one.
 */
export function ActivityDetail({ record, hydrated }: { record: ActivityEntry; hydrated: boolean }) {
  const { format: formatDateTime } = useTimeFormat();
  const vehicle = record.tokenId ?? record.forTokenId;
  return (
    <div className="@container flex flex-col gap-4 text-sm" data-testid="activity-detail" data-call-id={record.id}>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">Call</dt>
        <dd className="font-mono text-xs">
          {record.method} <PathText path={record.url} />
        </dd>
        <dt className="text-muted-foreground">Service</dt>
        <dd>{SERVICE_LABELS[record.service]}</dd>
        <dt className="text-muted-foreground">Started</dt>
        <dd className="tabular-nums">{hydrated ? formatDateTime(record.at) : record.at}</dd>
        <dt className="text-muted-foreground">Took</dt>
        <dd className="tabular-nums" data-testid="activity-detail-timing">
          {record.durationMs} ms
          {record.attempts > 1 ? `, ${record.attempts} attempts (${record.attempts - 1} retried)` : ""}
        </dd>
        <dt className="text-muted-foreground">Status</dt>
        <dd className="flex items-center gap-2">
          <StatusBadge record={record} />
          {record.cache === "none" ? null : <CacheBadge cache={record.cache} />}
        </dd>
        {vehicle !== undefined ? (
          <>
            <dt className="text-muted-foreground">Vehicle</dt>
            <dd className="tabular-nums">
              {vehicle}
              {record.forTokenId !== undefined ? " (a shared call that served it)" : ""}
            </dd>
          </>
        ) : null}
        {record.error !== undefined ? (
          <>
            <dt className="text-muted-foreground">Error</dt>
            <dd className="text-danger">{record.error}</dd>
          </>
        ) : null}
      </dl>
      {record.tries && record.tries.length > 1 ? (
        <ol className="flex flex-wrap gap-2 text-xs" aria-label="Attempts" data-testid="activity-detail-tries">
          {record.tries.map((attempt, index) => (
            <li key={index} className="rounded border border-border px-2 py-0.5 tabular-nums">
              {index + 1}: {attempt.status ?? "no response"} in {attempt.durationMs} ms
            </li>
          ))}
        </ol>
      ) : null}
      {record.cache === "hit" ? (
        <p className="text-muted-foreground">
          Served from the dashboard&apos;s cache: no request was sent, so there is no request or response to show.
        </p>
      ) : (
        <div className="grid gap-4 @3xl:grid-cols-2">
          <MessageView title="Request" message={record.request} testId="activity-detail-request" />
          <MessageView title="Response" message={record.response} testId="activity-detail-response" />
        </div>
      )}
      <CurlPanel record={record} />
    </div>
  );
}

/** A JSON body indented, anything else (a form, a cut body) as it came. */
function readable(body: string, truncated: boolean | undefined): string {
  if (truncated) return body;
  try {
    return JSON.stringify(JSON.parse(body) as unknown, null, 2);
  } catch {
    return body;
  }
}

function MessageView({
  title,
  message,
  testId,
}: {
  title: string;
  message: ActivityMessage | undefined;
  testId: string;
}) {
  return (
    <section className="flex min-w-0 flex-col gap-2" data-testid={testId} aria-label={title}>
      <h3 className="font-medium">{title}</h3>
      {message === undefined ? (
        <p className="text-muted-foreground">{title === "Response" ? "No response came back." : "Not recorded."}</p>
      ) : (
        <>
          <table className="text-xs">
            <tbody>
              {Object.entries(message.headers).map(([name, value]) => (
                <tr key={name} className="align-top">
                  <th
                    scope="row"
                    className="pr-3 text-left font-mono font-normal whitespace-nowrap text-muted-foreground"
                  >
                    {name}
                  </th>
                  <td className="font-mono [overflow-wrap:anywhere]">{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {message.body === undefined ? (
            <p className="text-xs text-muted-foreground">No body.</p>
          ) : (
            <>
              <pre
                className="max-h-80 overflow-auto rounded-md bg-muted p-3 font-mono text-xs whitespace-pre-wrap [overflow-wrap:anywhere]"
                data-testid={`${testId}-body`}
              >
                {readable(message.body, message.truncated)}
              </pre>
              {message.truncated ? (
                <p className="text-xs text-muted-foreground">Only the start of the body is kept in the log.</p>
              ) : null}
            </>
          )}
        </>
      )}
    </section>
  );
}
