"use client";

import { Loader2, Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ReadOnlyReason, useReadOnlyReason } from "@/components/team/read-only";
import { ProgressBar } from "@/components/ui/progress-bar";
import { formatDuration } from "@/lib/format/time";
import { useNow } from "@/lib/hooks/use-now";

/** What the vehicle already has when a request is made: open offers (a request replaces them), lapsed ones, or none. */
export type OffersOnHand = "open" | "expired" | "none";

const LABELS: Record<OffersOnHand, string> = {
  open: "Request new offers (replaces these)",
  expired: "Request new offers",
  none: "Get instant offers",
};

/**
 * The one button that asks the buyers for offers; unavailable, with a spinner, while a request runs. Once open offers
 * are on screen it says that a new request replaces them and steps back to a secondary button: the offers are the
 * page's point then. The same element throughout (only its words and look change), marked with aria-disabled rather
 * than disabled, so a keyboard user's focus stays on it through the request and after the offers arrive.
 */
export function RequestOffersButton({
  pending,
  onHand,
  onRequest,
}: {
  pending: boolean;
  onHand: OffersOnHand;
  onRequest: () => void;
}) {
  const readOnly = useReadOnlyReason();
  if (readOnly)
    return (
      <div className="flex flex-col gap-1">
        <Button variant="primary" disabled title={readOnly} data-testid="request-offers" data-state="read-only">
          <Sparkles className="size-4" aria-hidden />
          {LABELS[onHand]}
        </Button>
        <ReadOnlyReason />
      </div>
    );
  return (
    <Button
      variant={onHand === "open" ? "secondary" : "primary"}
      onClick={() => {
        if (!pending) onRequest();
      }}
      aria-disabled={pending}
      aria-busy={pending}
      className={pending ? "cursor-not-allowed opacity-60" : undefined}
      data-testid="request-offers"
      data-state={pending ? "pending" : "idle"}
      data-on-hand={onHand}
    >
      {pending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Sparkles className="size-4" aria-hidden />}
      {pending ? "Requesting offers…" : LABELS[onHand]}
    </Button>
  );
}

/** DIMO's buyers usually answer within about a minute; the server waits up to three before it gives up. */
const TYPICAL_MS = 60_000;
const LONGEST_MS = 180_000;

/**
 * While the buyers are asked: how long it has been going on, against the minute it usually takes. The bar fills
 * towards the typical minute, then slowly towards the three-minute limit, and never claims to be done before it is.
 */
export function RequestProgress({ startedAt }: { startedAt: string | null }) {
  const now = useNow(1_000);
  const startedMs = startedAt === null ? Number.NaN : Date.parse(startedAt);
  const elapsed = Number.isNaN(startedMs) ? 0 : Math.max(0, now - startedMs);
  const share =
    elapsed <= TYPICAL_MS
      ? (0.8 * elapsed) / TYPICAL_MS
      : 0.8 + (0.15 * Math.min(elapsed - TYPICAL_MS, LONGEST_MS)) / LONGEST_MS;
  const label = `Asking the buyers for offers (${formatDuration(elapsed)} so far).`;
  return (
    <div data-testid="offer-request-progress" className="flex flex-col gap-2 rounded-md bg-primary/5 px-3 py-2 text-sm">
      <p role="status" className="flex items-center gap-2">
        <Loader2 className="size-4 shrink-0 animate-spin text-primary" aria-hidden />
        <span>
          {label} DIMO usually takes about a minute; you can leave this page and come back, the request goes on.
          {elapsed > TYPICAL_MS * 2 ? " It is taking longer than usual: the dashboard waits up to three minutes." : ""}
        </span>
      </p>
      <ProgressBar label="Instant-offer request" value={share} valueText={label} />
    </div>
  );
}
