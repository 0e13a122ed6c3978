"use client";

import { Clock } from "lucide-react";
import { cn } from "@/lib/cn";
import { formatNumber } from "@/lib/format/numbers";
import { formatCountdown } from "@/lib/format/time";
import { useTimeFormat } from "@/lib/hooks/use-time-zone";
import { type OfferSet } from "@/lib/models";
import { OfferCard } from "./offer-card";
import { msUntilExpiry } from "./offer-expiry";

/**
 * One request's offers: when they were made, a live countdown to when they lapse, and a card per buyer. An expired
 * set keeps its prices for reference, greyed, with the date it lapsed and no links (the buyers closed them).
 */
export function OfferSetView({
  set,
  expired,
  nowMs,
  currency,
}: {
  set: OfferSet;
  expired: boolean;
  nowMs: number;
  currency: string;
}) {
  const { format: formatDateTime } = useTimeFormat();
  const left = msUntilExpiry(set, nowMs);
  return (
    <section
      data-testid="offer-set"
      data-expires-at={set.expiresAt}
      data-expired={expired}
      aria-label={expired ? "Expired offers" : "Open offers"}
      className={cn("flex flex-col gap-3", expired && "opacity-70 grayscale")}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <p>
          Requested <time dateTime={set.updated}>{formatDateTime(set.updated)}</time>
          {set.source ? ` through ${set.source}` : ""}
          {set.mileage !== null ? ` at ${formatNumber(set.mileage)} miles` : ""}
        </p>
        <p className="flex items-center gap-1.5">
          <Clock className="size-4" aria-hidden />
          {expired ? (
            <span data-testid="offer-expired">
              Expired on{" "}
              <time dateTime={set.expiresAt} className="font-medium text-foreground">
                {formatDateTime(set.expiresAt)}
              </time>
            </span>
          ) : (
            <span>
              Expires in{" "}
              <time
                dateTime={set.expiresAt}
                title={formatDateTime(set.expiresAt)}
                className="font-medium text-foreground tabular-nums"
                data-testid="offer-countdown"
              >
                {formatCountdown(left)}
              </time>
            </span>
          )}
        </p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {set.offers.map((offer, index) => (
          <OfferCard key={`${offer.vendor}-${index}`} offer={offer} currency={currency} linkable={!expired} />
        ))}
      </ul>
    </section>
  );
}
