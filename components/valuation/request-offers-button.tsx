"use client";

import { Loader2, Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatDuration } from "@/lib/format/time";
import { useNow } from "@/lib/hooks/use-now";

/** The one button that asks the buyers for offers; disabled, with a spinner, while a request runs. */
export function RequestOffersButton({ pending, onRequest }: { pending: boolean; onRequest: () => void }) {
  return (
    <Button
      onClick={onRequest}
      disabled={pending}
      aria-busy={pending}
      data-testid="request-offers"
      data-state={pending ? "pending" : "idle"}
    >
      {pending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Sparkles className="size-4" aria-hidden />}
      {pending ? "Requesting offers…" : "Get instant offers"}
    </Button>
  );
}

/** While the buyers are asked: what is happening and for how long it has been going on. */
export function RequestProgress({ startedAt }: { startedAt: number | null }) {
  const now = useNow(1_000);
  const elapsed = startedAt === null ? null : Math.max(0, now - startedAt);
  return (
    <p role="status" data-testid="offer-request-progress" className="flex items-center gap-2 rounded-md bg-primary/5 px-3 py-2 text-sm">
      <Loader2 className="size-4 shrink-0 animate-spin text-primary" aria-hidden />
      <span>
        Asking the buyers for offers. This can take several seconds
        {elapsed !== null && elapsed >= 1_000 ? ` (${formatDuration(elapsed)} so far)` : ""}.
      </span>
    </p>
  );
}
