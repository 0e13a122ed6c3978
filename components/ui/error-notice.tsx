import { AlertTriangle, Loader2, RotateCw } from "lucide-react";
import { CallLink } from "@/components/developer/call-link";
import { Button } from "@/components/ui/button";
import { MissingPrivilege } from "@/components/vehicles/missing-privilege";
import { cn } from "@/lib/cn";
import { type Feature } from "@/lib/features";
import { type AppError } from "@/lib/result";

/**
 * The one way an error is shown, on pages, panels and lines alike: what could not be done, the server's words for
 * what failed and what to do (lib/dimo/describe-error.ts), a retry button only when the error is retryable (the words
 * then say to try again, and only then), and the link to the DIMO call that failed when there was one. A refusal for
 * a privilege the grant lacks is not shown as a failure: given the refused `feature`, it is `MissingPrivilege`, what
 * is missing and how to get it.
 */
export interface ErrorNoticeProps {
  error: AppError;
  /**
   * The feature the failed read or request serves. A PRIVILEGE_MISSING error is then shown as `MissingPrivilege` for
   * it, in place of the notice (whatever the variant), since the owner's grant, not another try, is what can help.
   */
  feature?: Feature;
  /** What could not be done, before the error's own words: "The offers could not be requested." */
  title?: string;
  /** Another try; offered only for a retryable error, since otherwise it cannot help. */
  onRetry?: () => void;
  retrying?: boolean;
  testId: string;
  /** "panel" stands in for content that could not be shown; "line" sits beside content that still is. */
  variant?: "panel" | "line";
  className?: string;
}

export function ErrorNotice({
  error,
  feature,
  title,
  onRetry,
  retrying = false,
  testId,
  variant = "panel",
  className,
}: ErrorNoticeProps) {
  if (feature && error.code === "PRIVILEGE_MISSING") return <MissingPrivilege feature={feature} />;
  const retry = onRetry && error.retryable ? <RetryButton onRetry={onRetry} retrying={retrying} /> : null;
  const data = { "data-testid": testId, "data-error-code": error.code, "data-retryable": error.retryable };
  if (variant === "line") {
    return (
      <div
        role="alert"
        {...data}
        className={cn("flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-danger", className)}
      >
        <p>
          {title ? `${title} ` : ""}
          {error.message}
        </p>
        {retry}
        <CallLink callId={error.callId} />
      </div>
    );
  }
  return (
    <div
      role="alert"
      {...data}
      className={cn("flex items-start gap-3 rounded-lg border border-danger/40 bg-danger/5 p-4 text-sm", className)}
    >
      <AlertTriangle className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden />
      <div className="flex min-w-0 flex-col gap-2">
        {title ? <p className="font-medium">{title}</p> : null}
        <p className={title ? undefined : "font-medium"} data-testid="error-message">
          {error.message}
        </p>
        {retry || error.callId ? (
          <div className="flex flex-wrap items-center gap-3">
            {retry}
            <CallLink callId={error.callId} />
          </div>
        ) : null}
      </div>
    </div>
  );
}

function RetryButton({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    // aria-disabled rather than disabled while the retry runs, so the focus stays on the button.
    <Button
      variant="secondary"
      size="sm"
      className={cn("w-fit", retrying && "cursor-not-allowed opacity-60")}
      onClick={() => {
        if (!retrying) onRetry();
      }}
      aria-disabled={retrying}
      data-testid="error-retry"
    >
      {retrying ? (
        <Loader2 className="size-3.5 animate-spin" aria-hidden />
      ) : (
        <RotateCw className="size-3.5" aria-hidden />
      )}
      {retrying ? "Trying again…" : "Try again"}
    </Button>
  );
}
