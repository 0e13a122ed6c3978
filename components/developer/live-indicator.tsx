import { cn } from "@/lib/cn";
import type { StreamStatus } from "./use-activity-stream";

const TEXT: Record<StreamStatus, string> = {
  connecting: "Connecting…",
  live: "Live",
  reconnecting: "Reconnecting…",
  closed: "Live updates stopped: reload the page (sign in again if your session ended)",
};

/** Whether the activity stream is delivering new calls. */
export function LiveIndicator({ status }: { status: StreamStatus }) {
  return (
    <span
      className="inline-flex items-center gap-1.5 text-xs"
      data-testid="live-indicator"
      data-status={status}
      aria-live="polite"
    >
      <span
        aria-hidden
        className={cn(
          "size-2 rounded-full",
          status === "live" ? "bg-success motion-safe:animate-pulse" : status === "closed" ? "bg-danger" : "bg-warning",
        )}
      />
      {TEXT[status]}
    </span>
  );
}
