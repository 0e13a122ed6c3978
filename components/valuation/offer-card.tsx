"use client";

import { ExternalLink } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { formatMoney } from "@/lib/format/numbers";
import { type Offer } from "@/lib/models";
import { offerOutcome, safeOfferUrl, vendorName } from "./offer-outcome";

const STATUS = {
  price: { label: "Offer", tone: "success" },
  declined: { label: "Declined", tone: "warning" },
  error: { label: "Error", tone: "danger" },
  none: { label: "No answer", tone: "neutral" },
} as const;

/**
 * One buyer's answer: a price with its grade and link, the reason it declined, or the error it ran into. Not
 * `linkable` once the offer has lapsed: the buyer's page no longer holds it.
 */
export function OfferCard({ offer, currency, linkable }: { offer: Offer; currency: string; linkable: boolean }) {
  const outcome = offerOutcome(offer);
  const status = STATUS[outcome.kind];
  const name = vendorName(offer.vendor);
  const url = outcome.kind === "price" && linkable ? safeOfferUrl(offer.url) : null;
  return (
    <li
      data-testid="offer-card"
      data-vendor={offer.vendor}
      data-outcome={outcome.kind}
      aria-label={`${name}: ${status.label}`}
      className="flex flex-col gap-3 rounded-lg border border-border bg-background p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-medium">{name}</h3>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      {outcome.kind === "price" ? (
        <p className="text-2xl font-semibold tabular-nums" data-testid="offer-price" data-amount={outcome.price}>
          {formatMoney(outcome.price, currency)}
        </p>
      ) : null}
      {outcome.kind === "declined" ? (
        <p className="text-sm text-muted-foreground" data-testid="offer-decline-reason">
          {outcome.reason}
        </p>
      ) : null}
      {outcome.kind === "error" ? (
        <p className="text-sm text-danger" data-testid="offer-error">
          {outcome.message}
        </p>
      ) : null}
      {outcome.kind === "none" ? (
        <p className="text-sm text-muted-foreground">The buyer sent no price and no reason.</p>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
        {offer.grade ? (
          <span className="text-xs text-muted-foreground" data-testid="offer-grade">
            Condition grade: <span className="font-medium text-foreground">{offer.grade}</span>
          </span>
        ) : (
          <span />
        )}
        {url ? (
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses("secondary", "sm")}
            data-testid="offer-link"
          >
            View offer
            <ExternalLink className="size-3.5" aria-hidden />
            <span className="sr-only"> from {name} (opens in a new tab)</span>
          </a>
        ) : null}
      </div>
    </li>
  );
}
