"use client";

import { useMutation } from "@tanstack/react-query";
import { useReadOnlyReason } from "@/components/team/read-only";
import { Button } from "@/components/ui/button";
import { testWebhookTargetAction } from "@/lib/actions/webhooks";
import { toAppError, unwrap } from "@/lib/result";

export interface TargetTestRequest {
  targetUrl: string;
  service: "signals" | "events";
  metricName: string;
  condition: string;
  displayName?: string;
  webhookId?: string;
}

/** "Test from the server": a sample CloudEvent to the target, with the status, the time and the start of the answer. */
export function TestTargetButton({ request, disabled = false }: { request: TargetTestRequest; disabled?: boolean }) {
  const test = useMutation({
    mutationFn: async () => unwrap(await testWebhookTargetAction(request)),
  });
  const result = test.data;
  const readOnly = useReadOnlyReason();
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="target-test">
      <div>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          disabled={disabled || test.isPending || readOnly !== null}
          title={readOnly ?? undefined}
          onClick={() => test.mutate()}
        >
          {test.isPending ? "Sending…" : "Send a test event from the server"}
        </Button>
      </div>
      {test.isError ? <p className="text-danger">{toAppError(test.error).message}</p> : null}
      {result ? (
        <div data-testid="target-test-result" data-status={result.status ?? ""} data-ok={result.ok}>
          <p className={result.ok ? "text-success" : "text-danger"}>
            {result.status === null ? "No answer" : `HTTP ${result.status}`} in {result.durationMs} ms
          </p>
          {result.bodyStart ? (
            <pre className="max-h-32 overflow-auto rounded bg-muted p-2 text-xs break-all whitespace-pre-wrap">
              {result.bodyStart}
            </pre>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
