import { Activity } from "lucide-react";
import Link from "next/link";
import { cn } from "@/lib/cn";

/** Where a logged call's details are: the activity log, opened on that call. */
const callHref = (callId: string) => `/developer/activity?call=${encodeURIComponent(callId)}`;

/**
 * The link from an error to the DIMO call that caused it (AppError.callId): its request, response, timing and
 * retries in the activity log. Nothing when the error came from no call (a missing privilege, a bad input).
 */
export function CallLink({ callId, className }: { callId: string | undefined; className?: string }) {
  if (callId === undefined) return null;
  return (
    <Link
      href={callHref(callId)}
      prefetch={false}
      data-testid="call-link"
      data-call-id={callId}
      className={cn("inline-flex w-fit items-center gap-1 text-xs text-primary hover:underline", className)}
    >
      <Activity className="size-3.5" aria-hidden />
      See the call that failed
    </Link>
  );
}
