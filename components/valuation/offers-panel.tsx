"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { MissingPrivilege } from "@/components/vehicles/missing-privilege";
import { useHydrated, useNow } from "@/lib/hooks/use-now";
import { OFFER_LIFETIME_DAYS } from "@/lib/protocol";
import { isExpired, lapsedSetsKey, openOfferSets } from "./offer-expiry";
import { OfferSetView } from "./offer-set-view";
import { OFFERS_DESCRIPTION, OFFERS_TITLE, OffersBodySkeleton } from "./panel-skeletons";
import { type OffersOnHand, RequestOffersButton, RequestProgress } from "./request-offers-button";
import { type InstantOffersOptions, useInstantOffers } from "./use-instant-offers";
import { valuationKeys } from "./valuation-queries";

// The offers API names no currency: its buyers (Carvana, CarMax, Vroom) buy in the United States, in dollars.
const OFFER_CURRENCY = "USD";

interface OffersPanelProps extends InstantOffersOptions {
  tokenId: number;
}

/** The instant offers (open, then expired), their countdown, and the request for fresh ones with its progress. */
export function OffersPanel({ tokenId, canList, canRequest }: OffersPanelProps) {
  const hydrated = useHydrated();
  const queryClient = useQueryClient();
  const offers = useInstantOffers(tokenId, { canList, canRequest });
  const now = useNow(1_000);
  const sets = offers.view?.sets;

  // A set that lapses on this clock turns expired on the next tick; then the list is fetched again, once per lapse.
  const lapsedKey = sets ? lapsedSetsKey(sets, now) : null;
  const refetchedFor = useRef<string | null>(null);
  useEffect(() => {
    if (lapsedKey === null || refetchedFor.current === lapsedKey) return;
    refetchedFor.current = lapsedKey;
    void queryClient.invalidateQueries({ queryKey: valuationKeys.offers(tokenId) });
  }, [lapsedKey, queryClient, tokenId]);

  const open = sets ? openOfferSets(sets, now) : [];
  const onHand: OffersOnHand = open.length > 0 ? "open" : sets && sets.length > 0 ? "expired" : "none";
  const button = canRequest ? (
    <RequestOffersButton pending={offers.pending} onHand={onHand} onRequest={offers.request} />
  ) : null;
  // Said once the buyers have answered, for whoever is not looking at the list (the focus stays on the button).
  const answered =
    !offers.pending && offers.current?.status === "succeeded" && open[0]
      ? `${open[0].offers.length} buyers answered; their offers are below.`
      : "";
  const { listError } = offers;

  let body: React.ReactNode;
  if (!canList) {
    body = <MissingPrivilege feature={canRequest ? "offers" : "instantOffer"} />;
  } else if (!hydrated || (sets === undefined && listError === null)) {
    body = <OffersBodySkeleton />;
  } else if (sets === undefined && listError) {
    body = (
      <ErrorNotice
        error={listError}
        feature="offers"
        title="The offers could not be loaded."
        onRetry={offers.refetch}
        retrying={offers.isFetching}
        testId="offers-error"
      />
    );
  } else if (!sets || sets.length === 0) {
    body = (
      <div data-testid="offers-empty">
        <EmptyState title="No open offers">
          {canRequest
            ? `Ask Carvana, CarMax and Vroom what they would pay for this vehicle. Their offers stay open for ${OFFER_LIFETIME_DAYS} days.`
            : "There are no open offers, and this license may not request new ones."}
        </EmptyState>
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-6" data-testid="offers-list">
        {sets.map((set) => (
          <OfferSetView
            key={`${set.updated}/${set.expiresAt}`}
            set={set}
            expired={isExpired(set, now)}
            nowMs={now}
            currency={OFFER_CURRENCY}
          />
        ))}
      </div>
    );
  }

  // One request button, always in the header: it stays where it is when the offers arrive, and so does the focus.
  const showHeaderButton = canRequest && hydrated;
  return (
    <Card data-testid="offers-panel" data-open-sets={open.length}>
      <CardHeader title={OFFERS_TITLE} description={OFFERS_DESCRIPTION} actions={showHeaderButton ? button : null} />
      <div className="flex flex-col gap-4 p-5">
        <p role="status" className="sr-only" data-testid="offers-announcement">
          {answered}
        </p>
        {offers.pending && offers.current ? <RequestProgress startedAt={offers.current.startedAt} /> : null}
        {offers.pending && !offers.current ? <RequestProgress startedAt={null} /> : null}
        {offers.requestError && !offers.pending ? (
          // No retry button of its own: the request button above is the retry, and the words say whether it can help.
          <ErrorNotice
            error={offers.requestError}
            feature="instantOffer"
            title="The offers could not be requested."
            testId="offer-request-error"
          />
        ) : null}
        {sets !== undefined && listError ? (
          <ErrorNotice
            variant="line"
            error={listError}
            title="The offers could not be refreshed."
            testId="offers-refresh-error"
          />
        ) : null}
        {body}
      </div>
    </Card>
  );
}
