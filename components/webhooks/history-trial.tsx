"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorNotice } from "@/components/ui/error-notice";
import { useTimeFormat } from "@/lib/hooks/use-time-zone";
import { toAppError } from "@/lib/result";
import {
  TRIAL_DAYS,
  TRIAL_MAX_VEHICLES,
  type VehicleTrial,
  type WebhookTrial,
  trialCreditEstimate,
} from "@/lib/models/webhook-trial";
import { type TrialRequest, trialQuery } from "./webhooks-queries";

/** One vehicle's firings as dots on the window's timeline, each a link to its trip when a trip holds it. */
function Timeline({ vehicle, trial }: { vehicle: VehicleTrial; trial: WebhookTrial }) {
  const { format: formatDateTime } = useTimeFormat();
  const from = Date.parse(trial.from);
  const span = Date.parse(trial.to) - from;
  return (
    <div className="relative h-4 flex-1 rounded bg-muted" aria-label={`Vehicle ${vehicle.tokenId}'s firings`}>
      {vehicle.moments.map((moment) => {
        const left = `${(((Date.parse(moment.at) - from) / span) * 100).toFixed(2)}%`;
        const title =
          moment.count > 1
            ? `${formatDateTime(moment.at)} · ${moment.value}, then ${moment.count - 1} more in this trip`
            : `${formatDateTime(moment.at)} · ${moment.value}`;
        const dot = "absolute top-0.5 h-3 w-1.5 -translate-x-1/2 rounded-sm bg-primary";
        return moment.tripHref ? (
          <Link key={moment.at} href={moment.tripHref} className={dot} style={{ left }} title={title}>
            <span className="sr-only">{title}: open the trip</span>
          </Link>
        ) : (
          <span key={moment.at} className={`${dot} opacity-60`} style={{ left }} title={title} />
        );
      })}
    </div>
  );
}

function VehicleRow({ vehicle, trial }: { vehicle: VehicleTrial; trial: WebhookTrial }) {
  const firstTrip = vehicle.moments.find((moment) => moment.tripHref !== null);
  return (
    <li className="flex items-center gap-3 text-sm" data-testid="trial-vehicle" data-token-id={vehicle.tokenId}>
      <span className="w-20 shrink-0 font-mono">{vehicle.tokenId}</span>
      {vehicle.error ? (
        <span className="text-danger">{vehicle.error}</span>
      ) : (
        <>
          <span className="w-24 shrink-0" data-testid="trial-vehicle-count">
            {vehicle.fired} {vehicle.fired === 1 ? "time" : "times"}
          </span>
          <Timeline vehicle={vehicle} trial={trial} />
          {firstTrip?.tripHref ? (
            <Link href={firstTrip.tripHref} className="shrink-0 text-primary underline">
              first trip
            </Link>
          ) : null}
        </>
      )}
    </li>
  );
}

/**
 * "Try it on history": the condition replayed over the last days of the vehicles' history on the server, with the
 * cooldown and previous-value rules of a live delivery, before anything is saved. With no vehicles named, the server
 * tries the first ones the metric can be read on.
 */
export function HistoryTrial({ request, disabled }: { request: TrialRequest; disabled: boolean }) {
  const [asked, setAsked] = useState<TrialRequest | null>(null);
  const trial = useQuery({ ...trialQuery(asked ?? request), enabled: asked !== null });
  const current = asked !== null && JSON.stringify(request) === JSON.stringify(asked);
  const estimate = trialCreditEstimate(request.tokenIds.length || TRIAL_MAX_VEHICLES);

  return (
    <section className="flex flex-col gap-2 rounded-md border border-border p-3" data-testid="history-trial">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          size="sm"
          variant="secondary"
          disabled={disabled || trial.isFetching}
          onClick={() => setAsked(request)}
        >
          {trial.isFetching ? "Trying…" : `Try it on the last ${TRIAL_DAYS} days`}
        </Button>
        {trial.data && !trial.isFetching ? (
          <p
            className="text-sm"
            data-testid="trial-summary"
            data-fired={trial.data.fired}
            data-from={trial.data.from}
            data-to={trial.data.to}
          >
            On these {trial.data.vehicles.length} vehicles this condition would have fired{" "}
            <strong>{trial.data.fired}</strong> {trial.data.fired === 1 ? "time" : "times"} in the last {TRIAL_DAYS}{" "}
            days{current ? "" : " (before your last change)"}.
          </p>
        ) : null}
      </div>
      <p className="text-xs text-muted-foreground" data-testid="trial-estimate" data-credits={estimate}>
        Estimated cost: about {estimate} DIMO credits (1 per Telemetry API query, one query per vehicle).
        {trial.data && !trial.isFetching ? (
          <span data-testid="trial-actual" data-credits={trial.data.creditsUsed}>
            {" "}
            Used: {trial.data.creditsUsed} credits.
          </span>
        ) : null}
      </p>
      {trial.isError ? (
        <ErrorNotice error={toAppError(trial.error)} title="The trial could not run." testId="trial-error" />
      ) : null}
      {trial.data?.firstError ? <p className="text-sm text-warning">{trial.data.firstError}</p> : null}
      {trial.data ? (
        <ul className="flex flex-col gap-1">
          {trial.data.vehicles.map((vehicle) => (
            <VehicleRow key={vehicle.tokenId} vehicle={vehicle} trial={trial.data} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
