import { AlertTriangle } from "lucide-react";
import { CallLink } from "@/components/developer/call-link";
import { Button } from "@/components/ui/button";
import { type AppError } from "@/lib/result";

/** The hint after an error message: whether another try can help. */
export function retryHint(error: AppError): string {
  return error.retryable
    ? "This is usually temporary: trying again in a moment should work."
    : "Trying again will not help until the cause above is fixed.";
}

/** A panel's data could not be loaded: what happened, whether to retry, and a button to do so. */
export function PanelError({ error, onRetry, retrying, testId }: {
  error: AppError;
  onRetry: () => void;
  retrying: boolean;
  testId: string;
}) {
  return (
    <div role="alert" data-testid={testId} data-error-code={error.code} className="flex items-start gap-3 rounded-lg border border-danger/40 bg-danger/5 p-4 text-sm">
      <AlertTriangle className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden />
      <div className="flex flex-col gap-2">
        <p className="font-medium">{error.message}</p>
        <p className="text-muted-foreground">{retryHint(error)}</p>
        <CallLink callId={error.callId} />
        <div>
          <Button variant="secondary" size="sm" onClick={onRetry} disabled={retrying}>
            {retrying ? "Trying again…" : "Try again"}
          </Button>
        </div>
      </div>
    </div>
  );
}
