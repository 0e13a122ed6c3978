"use client";

import { Suspense } from "react";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import { TimeZoneSwitch } from "@/components/ui/time-zone-switch";
import { canUse } from "@/lib/features";
import { type TelemetryLatest, type VehicleGrant } from "@/lib/models";
import { type SignalName } from "@/lib/telemetry-signals";
import { Figure, LastSeen } from "./overview-parts";
import { FIGURE_GRID, Missing } from "./panel-card";
import { Refusals } from "./refusals";
import { useLatestTelemetry } from "./use-latest-telemetry";

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
const ENERGY: readonly SignalName[] = [
  "powertrainTractionBatteryStateOfChargeCurrent",
  "powertrainFuelSystemRelativeLevel",
];

/** The card's body as it will be, laid out the same: the last-seen line, then the key figures (charge or fuel). */
const NowSkeleton = () => (
  <>
    <Skeleton className="h-7.5 w-56" />
    <div className={FIGURE_GRID} aria-hidden>
      {KEY_FIGURES.filter((name) => name !== ENERGY[1]).map((name) => (
        <Skeleton key={name} className="h-22" />
      ))}
    </div>
  </>
);

/**
 * The Now card's latest values: when the vehicle was last seen and its key figures, or why the grant does not allow
 * them. It alone shows an error of the shared read; the other panels stay out of the way.
 */
export function NowFigures({ tokenId, grant }: { tokenId: number; grant: VehicleGrant | null }) {
  return (
    <Suspense fallback={<NowSkeleton />}>
      <Latest tokenId={tokenId} grant={grant} />
    </Suspense>
  );
}

function Latest({ tokenId, grant }: { tokenId: number; grant: VehicleGrant | null }) {
  const telemetry = useLatestTelemetry(tokenId, grant);
  if (telemetry.status === "loading") return <NowSkeleton />;
  if (telemetry.status === "error") {
    const { error, retry, retrying } = telemetry;
    return (
      <ErrorNotice
        error={error}
        feature="telemetry"
        title="The latest values could not be loaded."
        onRetry={retry}
        retrying={retrying}
        testId="telemetry-error"
      />
    );
  }
  const latest = telemetry.status === "ready" ? telemetry.data : null;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm">
          <span className="text-muted-foreground">Last seen </span>
          {latest ? (
            <LastSeen iso={latest.lastSeen} />
          ) : (
            <span data-testid="last-seen">unknown: the grant allows no signal</span>
          )}
        </p>
        <TimeZoneSwitch />
      </div>
      {latest && canUse(grant, "telemetry") ? (
        <KeyFigures latest={latest} />
      ) : (
        <Missing grant={grant} feature="telemetry" />
      )}
      {latest ? <Refusals latest={latest} grant={grant} /> : null}
    </>
  );
}

function KeyFigures({ latest }: { latest: TelemetryLatest }) {
  const values = new Map(latest.signals.map((signal) => [signal.name, signal]));
  const figures = KEY_FIGURES.filter(
    (name) => !ENERGY.includes(name) || values.has(name) || (name === ENERGY[0] && !ENERGY.some((e) => values.has(e))),
  );
  return (
    <dl className={FIGURE_GRID} data-testid="key-figures">
      {figures.map((name) => (
        <Figure key={name} name={name} value={values.get(name)} />
      ))}
    </dl>
  );
}
