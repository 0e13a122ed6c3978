"use client";

import { rawEventsAroundHref } from "@/components/raw-data/raw-data-view";
import { type Feature, canUse } from "@/lib/features";
import { type VehicleGrant } from "@/lib/models";
import { catalogSignal } from "@/lib/signals/catalog";
import { type VehicleSignals, groupSignals } from "@/lib/signals/vehicle-signals";
import { Missing, PanelCard, type PanelHeading } from "./panel-card";
import { SignalGroupList } from "./signal-group-list";

/**
 * The signal groups panel once its data is in. It carries the signal catalog, so the panel loads it on demand and
 * the Overview's first load does not.
 */

/** The features whose privileges would open the signals the grant kept out, one explanation each. */
function missingFeatures(data: VehicleSignals): Feature[] {
  const kept = data.unread.filter((entry) => entry.reason === "privilege").map((entry) => entry.name);
  const refused = data.refused.map((refusal) => refusal.field);
  // The location branch is the location feature's; every other signal is the signals'.
  const featureOf = (name: string): Feature => (catalogSignal(name)?.group === "location" ? "location" : "telemetry");
  return [...new Set([...kept, ...refused].filter((name) => catalogSignal(name)).map(featureOf))];
}

export function SignalGroupsCard({
  heading,
  data,
  grant,
  tokenId,
}: {
  heading: PanelHeading;
  data: VehicleSignals;
  grant: VehicleGrant | null;
  tokenId: number;
}) {
  const groups = groupSignals(data);
  // Each reading links to the raw events the device sent around it, when the grant lets the license read them.
  const rawEventsHref = canUse(grant, "rawData") ? (time: string) => rawEventsAroundHref(tokenId, time) : undefined;
  return (
    <PanelCard heading={heading} testId="signal-groups-card">
      {missingFeatures(data).map((feature) => (
        <Missing key={feature} grant={grant} feature={feature} />
      ))}
      {groups.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="signal-groups-empty">
          The vehicle has sent no signals yet.
        </p>
      ) : (
        <SignalGroupList groups={groups} rawEventsHref={rawEventsHref} />
      )}
    </PanelCard>
  );
}
