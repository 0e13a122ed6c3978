"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle } from "lucide-react";
import { useEffect, useRef } from "react";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { MissingPrivilege } from "@/components/vehicles/missing-privilege";
import { listOffersAction } from "@/lib/actions/valuation";
import { type OfferSet } from "@/lib/models";
import { OFFER_LIFETIME_DAYS } from "@/lib/protocol";
import { type AppError, type Result, toAppError, unwrap } from "@/lib/result";
import { lapsedSetsKey, openOfferSets } from "./offer-expiry";
import { OfferSetView } from "./offer-set-view";
import { OFFERS_DESCRIPTION, OFFERS_TITLE, OffersBodySkeleton } from "./panel-skeletons";
import { PanelError, retryHint } from "./panel-error";
import { RequestOffersButton, RequestProgress } from "./request-offers-button";
import { useHydrated, useNow } from "@/lib/hooks/use-now";
import { useInstantOfferRequest } from "./use-instant-offer-request";
import { valuationKeys } from "./valuation-keys";

// The offers API names no currency: its buyers (Carvana, CarMax, Vroom) buy in the United States, in dollars.
const OFFER_CURRENCY = "USD";

interface OffersPanelProps {
  tokenId: number;
  /** The grant allows reading offers (privilege 1). */
  canList: boolean;
  /** The grant allows requesting them (privilege 1 or 5). */
  canRequest: boolean;
  /** The server's first answer; null when the list cannot be read. */
  initial: Result<OfferSet[]> | null;
}

function RequestFailure({ error }: { error: AppError }) {
  if (error.code === "PRIVILEGE_MISSING") return <MissingPrivilege feature="instantOffer" />;
  return (
    <div role="alert" data-testid="offer-request-error" data-error-code={error.code} className="flex items-start gap-3 rounded-lg border border-danger/40 bg-danger/5 p-4 text-sm">
      <AlertTriangle className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden />
      <div>
        <p className="font-medium">The offers could not be requested. {error.message}</p>
        <p className="mt-1 text-muted-foreground">{retryHint(error)}</p>
      </div>
    </div>
  );
}

/** The open instant offers, their countdown, and the request for fresh ones. */
export function OffersPanel({ tokenId, canList, canRequest, initial }: OffersPanelProps) {
  const hydrated = useHydrated();
  const queryClient = useQueryClient();
  const offerRequest = useInstantOfferRequest(tokenId);
  const now = useNow(1_000);
  const query = useQuery({
    queryKey: valuationKeys.offers(tokenId),
    queryFn: async () => unwrap(await listOffersAction({ tokenId })),
    initialData: initial?.ok ? initial.data : undefined,
    enabled: canList,
  });

  // A set that lapses leaves the screen on the next tick; then the list is fetched again, once per lapse.
  const lapsedKey = query.data ? lapsedSetsKey(query.data, now) : null;
  const refetchedFor = useRef<string | null>(null);
  useEffect(() => {
    if (lapsedKey === null || refetchedFor.current === lapsedKey) return;
    refetchedFor.current = lapsedKey;
    void queryClient.invalidateQueries({ queryKey: valuationKeys.offers(tokenId) });
  }, [lapsedKey, queryClient, tokenId]);

  const button = canRequest ? <RequestOffersButton pending={offerRequest.pending} onRequest={offerRequest.request} /> : null;
  const open = query.data ? openOfferSets(query.data, now) : [];
  const listError = query.error ? toAppError(query.error) : null;

  let body: React.ReactNode;
  if (!canList) {
    body = <MissingPrivilege feature={canRequest ? "offers" : "instantOffer"} />;
  } else if (!hydrated || (query.data === undefined && listError === null)) {
    body = <OffersBodySkeleton />;
  } else if (query.data === undefined && listError?.code === "PRIVILEGE_MISSING") {
    body = <MissingPrivilege feature="offers" />;
  } else if (query.data === undefined && listError) {
    body = <PanelError error={listError} onRetry={() => void query.refetch()} retrying={query.isFetching} testId="offers-error" />;
  } else if (open.length === 0) {
    body = (
      <div data-testid="offers-empty">
        <EmptyState title="No open offers" action={button}>
          {canRequest
            ? `Ask Carvana, CarMax and Vroom what they would pay for this vehicle. Their offers stay open for ${OFFER_LIFETIME_DAYS} days.`
            : "There are no open offers, and this license may not request new ones."}
        </EmptyState>
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-6" data-testid="offers-list">
        {open.map((set) => (
          <OfferSetView key={`${set.updated}/${set.expiresAt}`} set={set} nowMs={now} currency={OFFER_CURRENCY} />
        ))}
      </div>
    );
  }

  // One request button on screen at a time: in the empty state when there is nothing to show, else in the header.
  const showHeaderButton = canRequest && hydrated && (open.length > 0 || !canList);
  return (
    <Card data-testid="offers-panel">
      <CardHeader title={OFFERS_TITLE} description={OFFERS_DESCRIPTION} actions={showHeaderButton ? button : null} />
      <div className="flex flex-col gap-4 p-5">
        {offerRequest.pending ? <RequestProgress startedAt={offerRequest.startedAt} /> : null}
        {offerRequest.error ? <RequestFailure error={offerRequest.error} /> : null}
        {query.data !== undefined && listError ? (
          <p role="alert" data-testid="offers-refresh-error" className="text-sm text-danger">
            The offers could not be refreshed. {listError.message}
          </p>
        ) : null}
        {body}
      </div>
    </Card>
  );
}
