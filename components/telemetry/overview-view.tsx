"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { LocationMapLazy } from "@/components/map/location-map-lazy";
import { Card, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorNotice } from "@/components/ui/error-notice";
import { TimeZoneSwitch } from "@/components/ui/time-zone-switch";
import { MissingPrivilege } from "@/components/vehicles/missing-privilege";
import { type Feature, canUse, missingFor, telemetryFeatureOf } from "@/lib/features";
import { formatLatLng } from "@/lib/geo/trip-places";
import { useHydrated } from "@/lib/hooks/use-now";
import { type LatLng, type TelemetryLatest, type VehicleGrant, type VinCredential } from "@/lib/models";
import { type AppError, type Result, toAppError } from "@/lib/result";
import { TELEMETRY_SIGNALS, type SignalName } from "@/lib/telemetry-signals";
import { markForTests } from "@/lib/test-hooks";
import { HistoryPanel } from "./history-panel";
import { DataSummaryList, Figure, LastSeen, SignalsTable, VinFigure } from "./overview-parts";
import { latestQuery } from "./telemetry-query";

/** Marked (under test) when the Overview first showed its data in this tab: read by the speed measurement. */
export const OVERVIEW_INTERACTIVE_MARK = "overview:interactive";

/** The key figures, in the order people look for them; charge or fuel, whichever the vehicle has. */
const KEY_FIGURES: readonly SignalName[] = [
  "powertrainTransmissionTravelledDistance",
  "speed",
  "powertrainTractionBatteryStateOfChargeCurrent",
  "powertrainFuelSystemRelativeLevel",
  "powertrainRange",
  "isIgnitionOn",
  "exteriorAirTemperature",
  "lowVoltageBatteryCurrentVoltage",
];
const ENERGY: readonly SignalName[] = ["powertrainTractionBatteryStateOfChargeCurrent", "powertrainFuelSystemRelativeLevel"];

export interface OverviewViewProps {
  tokenId: number;
  grant: VehicleGrant | null;
  /** The server's first answer; null when the grant allows no signal at all. */
  initialLatest: Result<TelemetryLatest> | null;
  vin: Result<VinCredential | null> | null;
  mapStyleUrl: string | undefined;
}

function Missing({ grant, feature }: { grant: VehicleGrant | null; feature: Feature }) {
  return <MissingPrivilege feature={feature} missing={missingFor(grant, feature)} />;
}

function Section({ title, description, testId, children }: { title: string; description?: string; testId: string; children: React.ReactNode }) {
  return (
    <Card data-testid={testId}>
      <CardHeader title={title} description={description} />
      <div className="flex flex-col gap-4 p-5">{children}</div>
    </Card>
  );
}

function LocationSection({ latest, grant, mapStyleUrl }: { latest: TelemetryLatest; grant: VehicleGrant | null; mapStyleUrl: string | undefined }) {
  const exact = latest.signals.find((signal) => signal.name === "currentLocationCoordinates");
  const approximate = latest.signals.find((signal) => signal.name === "currentLocationApproximateCoordinates");
  const shown = canUse(grant, "location") ? exact : approximate;
  const isApproximate = !canUse(grant, "location");
  const point = shown?.value as LatLng | undefined;
  return (
    <Section title="Location" description={isApproximate ? "Approximate: the area the vehicle is in, not where it stands." : "Where the vehicle last reported itself."} testId="location-card">
      {!canUse(grant, "approximateLocation") ? (
        <Missing grant={grant} feature="approximateLocation" />
      ) : point ? (
        <>
          <LocationMapLazy point={point} approximate={isApproximate} styleUrl={mapStyleUrl} />
          <p className="text-sm" data-testid="location-text" data-kind={isApproximate ? "approximate" : "exact"} data-latitude={point.latitude} data-longitude={point.longitude}>
            {isApproximate ? "Approximately " : ""}
            <span className="font-mono">{formatLatLng(point)}</span>
            {shown ? <LastSeenSuffix iso={shown.timestamp} /> : null}
          </p>
          {isApproximate ? (
            <p className="text-sm text-muted-foreground" data-testid="approximate-note">
              The grant allows only the approximate location (privilege 8): the centre of a hexagonal area of about 36 km² holding
              the vehicle. The exact location needs Location history (privilege 4).
            </p>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-muted-foreground">The vehicle has reported no location yet.</p>
      )}
    </Section>
  );
}

function LastSeenSuffix({ iso }: { iso: string }) {
  return (
    <span className="text-muted-foreground">
      {" "}
      · <LastSeen iso={iso} testId="location-seen" />
    </span>
  );
}

/** What DIMO's service refused although the grant seemed to allow it: one explanation per feature, where it shows. */
function Refusals({ latest, grant }: { latest: TelemetryLatest; grant: VehicleGrant | null }) {
  const features = [...new Set(latest.refused.map((refusal) => telemetryFeatureOf(refusal.field)))];
  if (features.length === 0) return null;
  return (
    <div className="flex flex-col gap-2" data-testid="telemetry-refusals">
      {features.map((feature) => (
        <Missing key={feature} grant={grant} feature={feature} />
      ))}
      <p className="text-xs text-muted-foreground">
        DIMO&apos;s telemetry service refused: {latest.refused.map((refusal) => `${refusal.field} (${refusal.reason})`).join("; ")}.
      </p>
    </div>
  );
}

/** A part of the answer that did not come: the grant's reason when it lacks privilege 1, else the service's. */
function NotSent({ grant, what }: { grant: VehicleGrant | null; what: string }) {
  if (!canUse(grant, "telemetry")) return <Missing grant={grant} feature="telemetry" />;
  return <p className="text-sm text-muted-foreground">DIMO&apos;s telemetry service did not send the {what} (see above).</p>;
}

function LatestError({ error, onRetry, retrying }: { error: AppError; onRetry: () => void; retrying: boolean }) {
  if (error.code === "PRIVILEGE_MISSING") return <MissingPrivilege feature="telemetry" />;
  return <ErrorNotice error={error} title="The latest values could not be loaded." onRetry={onRetry} retrying={retrying} testId="telemetry-error" />;
}

/** The signals the history chart offers: numeric ones the grant allows and the vehicle has sent. */
function chartableSignals(grant: VehicleGrant | null, available: readonly string[] | null): SignalName[] {
  return TELEMETRY_SIGNALS.filter(
    (signal) => signal.kind === "float" && canUse(grant, telemetryFeatureOf(signal.name)) && (available === null || available.includes(signal.name)),
  ).map((signal) => signal.name);
}

/**
 * What the vehicle is doing now: last seen, the key figures, the location, every signal with its latest value, the
 * data summary and one signal's history. The server's first answer seeds react-query; the browser refreshes it every
 * 30 seconds while the page is open. Every piece the grant does not allow says so where it would be.
 */
export function OverviewView({ tokenId, grant, initialLatest, vin, mapStyleUrl }: OverviewViewProps) {
  const hydrated = useHydrated();
  const canRead = initialLatest !== null;
  const query = useQuery({
    ...latestQuery(tokenId),
    initialData: initialLatest?.ok ? initialLatest.data : undefined,
    enabled: canRead,
  });
  const latest = query.data;
  const error = latest === undefined && query.error ? toAppError(query.error) : null;
  // Settled: the values, the grant's explanation, or an error with its retry button.
  const ready = hydrated && (latest !== undefined || !canRead || error !== null);

  useEffect(() => {
    if (ready) markForTests(OVERVIEW_INTERACTIVE_MARK, { once: true });
  }, [ready]);

  const values = new Map((latest?.signals ?? []).map((signal) => [signal.name, signal]));
  const figures = KEY_FIGURES.filter((name) => !ENERGY.includes(name) || values.has(name) || (name === ENERGY[0] && !ENERGY.some((e) => values.has(e))));

  let now: React.ReactNode;
  if (!hydrated || (canRead && latest === undefined && error === null)) {
    now = <Skeleton className="h-40 w-full" />;
  } else if (error) {
    now = <LatestError error={error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  } else {
    now = (
      <>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm">
            <span className="text-muted-foreground">Last seen </span>
            {latest ? <LastSeen iso={latest.lastSeen} /> : <span data-testid="last-seen">unknown: the grant allows no signal</span>}
          </p>
          <TimeZoneSwitch />
        </div>
        {canUse(grant, "telemetry") ? (
          <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4" data-testid="key-figures">
            {figures.map((name) => (
              <Figure key={name} name={name} value={values.get(name)} />
            ))}
            {vin?.ok ? <VinFigure vin={vin.data} /> : null}
          </dl>
        ) : (
          <>
            <Missing grant={grant} feature="telemetry" />
            {vin?.ok ? (
              <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4">
                <VinFigure vin={vin.data} />
              </dl>
            ) : null}
          </>
        )}
        {vin === null ? <Missing grant={grant} feature="vin" /> : null}
        {vin && !vin.ok ? (
          vin.error.code === "PRIVILEGE_MISSING" ? <MissingPrivilege feature="vin" /> : <ErrorNotice variant="line" error={vin.error} title="The VIN could not be read." testId="vin-error" />
        ) : null}
        {latest ? <Refusals latest={latest} grant={grant} /> : null}
      </>
    );
  }

  return (
    <div className="flex flex-col gap-6" data-testid="telemetry-overview" data-state={ready ? "ready" : "loading"}>
      <Section title="Now" description="The latest values the vehicle sent to DIMO's Telemetry API." testId="now-card">
        {now}
      </Section>
      {ready && latest ? (
        <>
          <div className="grid gap-6 lg:grid-cols-2">
            <LocationSection latest={latest} grant={grant} mapStyleUrl={mapStyleUrl} />
            <Section title="Data summary" description="Everything the vehicle has sent so far." testId="summary-card">
              {latest.summary ? <DataSummaryList summary={latest.summary} /> : <NotSent grant={grant} what="data summary" />}
            </Section>
          </div>
          {canUse(grant, "telemetry") ? <HistoryPanel tokenId={tokenId} signals={chartableSignals(grant, latest.availableSignals)} /> : null}
          <Section title="Available signals" description="Every signal the vehicle has sent, with its latest value." testId="signals-card">
            {latest.availableSignals ? (
              <SignalsTable available={latest.availableSignals} values={latest.signals} />
            ) : (
              <NotSent grant={grant} what="list of signals" />
            )}
          </Section>
        </>
      ) : null}
      {ready && !canRead ? (
        <Section title="Location" testId="location-card">
          <Missing grant={grant} feature="approximateLocation" />
        </Section>
      ) : null}
      {ready && !canUse(grant, "telemetry") ? (
        <Section title="Signal history" testId="history-panel">
          <Missing grant={grant} feature="telemetry" />
        </Section>
      ) : null}
    </div>
  );
}
