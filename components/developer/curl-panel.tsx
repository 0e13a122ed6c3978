"use client";

import { Ban, Check, Copy, KeyRound, Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { copyTokenAction } from "@/lib/actions/developer";
import type { ActivityEntry } from "@/lib/models";
import { curlCommand, placeholderHint } from "./curl-command";
import { type CopyState, useCopy } from "./use-copy";

/**
 * The cURL command of one logged call, with `$DIMO_TOKEN` in place of the bearer token. "Copy with the exact token"
 * asks the server for that one token and writes it into the copied command only, never onto the page.
 */
export function CurlPanel({ record }: { record: ActivityEntry }) {
  const withPlaceholder = useCopy();
  const withToken = useCopy();
  const result = curlCommand(record);

  if (!result.ok) {
    return (
      <p data-testid="curl-unavailable" className="flex items-start gap-2 text-sm text-muted-foreground">
        <Ban className="mt-0.5 size-4 shrink-0" aria-hidden />
        {result.reason}
      </p>
    );
  }

  const { command, bearer } = result;
  async function exactCommand(kind: "developer" | "vehicle"): Promise<string | { error: string }> {
    const { tokenId } = record;
    if (kind === "vehicle" && tokenId === undefined)
      return { error: "This call names no vehicle, so there is no token to paste." };
    const outcome = await copyTokenAction(
      kind === "vehicle" && tokenId !== undefined ? { kind, tokenId } : { kind: "developer" },
    );
    if (!outcome.ok) return { error: outcome.error.message };
    const exact = curlCommand(record, outcome.data.token);
    return exact.ok ? exact.command : { error: exact.reason };
  }

  return (
    <div className="flex flex-col gap-2" data-testid="curl-panel">
      <pre
        data-testid="curl-command"
        className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs leading-relaxed whitespace-pre"
      >
        {command}
      </pre>
      {bearer ? <p className="text-xs text-muted-foreground">{placeholderHint(record, bearer)}</p> : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant="secondary"
          data-testid="copy-curl"
          onClick={() => withPlaceholder.copy(async () => command)}
        >
          <Copy className="size-3.5" aria-hidden />
          Copy as cURL
        </Button>
        {bearer ? (
          <Button
            size="sm"
            variant="ghost"
            data-testid="copy-curl-with-token"
            title="Puts the real token into the copied command. Anyone with the command can use the token until it expires."
            onClick={() => withToken.copy(() => exactCommand(bearer))}
          >
            <KeyRound className="size-3.5" aria-hidden />
            Copy with the exact token
          </Button>
        ) : null}
        <CopyFeedback status={withPlaceholder.status} testId="copy-curl-status" />
        <CopyFeedback status={withToken.status} testId="copy-curl-with-token-status" />
      </div>
    </div>
  );
}

/** "Copied", a spinner or the reason it failed; nothing when idle. */
export function CopyFeedback({ status, testId }: { status: CopyState; testId: string }) {
  if (status.state === "idle") return null;
  return (
    <span
      role="status"
      data-testid={testId}
      data-state={status.state}
      className="inline-flex items-center gap-1 text-xs"
    >
      {status.state === "working" ? <Loader2 className="size-3.5 animate-spin" aria-hidden /> : null}
      {status.state === "copied" ? (
        <>
          <Check className="size-3.5 text-success" aria-hidden /> Copied
        </>
      ) : null}
      {status.state === "failed" ? <span className="text-danger">{status.message}</span> : null}
    </span>
  );
}
