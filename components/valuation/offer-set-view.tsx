"use client";

import { Clock } from "lucide-react";
import { formatNumber } from "@/lib/format/numbers";
import { formatCountdown, formatDateTime } from "@/lib/format/time";
import { type OfferSet } from "@/lib/models";
import { OfferCard } from "./offer-card";
import { msUntilExpiry } from "./offer-expiry";

/** One request's offers: when they were made, a live countdown to when they lapse, and a card per buyer. */
export function OfferSetView({ set, nowMs, currency }: { set: OfferSet; nowMs: number; currency: string }) {
  const left = msUntilExpiry(set, nowMs);
  return (
    <section data-testid="offer-set" data-expires-at={set.expiresAt} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <p>
          Requested <time dateTime={set.updated}>{formatDateTime(set.updated)}</time>
          {set.source ? ` through ${set.source}` : ""}
          {set.mileage !== null ? ` at ${formatNumber(set.mileage)} miles` : ""}
        </p>
        <p className="flex items-center gap-1.5">
          <Clock className="size-4" aria-hidden />
          <span>
            Expires in{" "}
            <time dateTime={set.expiresAt} title={formatDateTime(set.expiresAt)} className="font-medium text-foreground tabular-nums" data-testid="offer-countdown">
              {formatCountdown(left)}
            </time>
          </span>
        </p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {set.offers.map((offer, index) => (
          <OfferCard key={`${offer.vendor}-${index}`} offer={offer} currency={currency} />
        ))}
      </ul>
    </section>
  );
}
