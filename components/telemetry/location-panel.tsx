"use client";

import { Suspense } from "react";
import { LocationMapLazy } from "@/components/map/location-map-lazy";
import { LocationPreview } from "@/components/map/location-preview";
import { MapGate } from "@/components/map/map-gate";
import { canUse } from "@/lib/features";
import { formatLatLng } from "@/lib/geo/trip-places";
import { type LatLng, type TelemetryLatest, type VehicleGrant } from "@/lib/models";
import { LastSeen } from "./overview-parts";
import { Missing, PanelCard, type PanelHeading, PanelSkeleton } from "./panel-card";
import { useLatestTelemetry } from "./use-latest-telemetry";

interface LocationPanelProps {
  tokenId: number;
  grant: VehicleGrant | null;
  mapStyleUrl: string | undefined;
}

function heading(grant: VehicleGrant | null): PanelHeading {
  if (canUse(grant, "location")) return { title: "Location", description: "Where the vehicle last reported itself." };
  if (canUse(grant, "approximateLocation"))
    return { title: "Location", description: "Approximate: the area the vehicle is in, not where it stands." };
  return { title: "Location" };
}

const Placeholder = ({ grant }: { grant: VehicleGrant | null }) => (
  <PanelSkeleton heading={heading(grant)} bodyClassName="h-72" />
);

/** Where the vehicle last reported itself: exact with privilege 4, else the approximate area privilege 8 allows. */
export function LocationPanel({ tokenId, grant, mapStyleUrl }: LocationPanelProps) {
  if (!canUse(grant, "approximateLocation")) {
    return (
      <PanelCard heading={heading(grant)} testId="location-card">
        <Missing grant={grant} feature="approximateLocation" />
      </PanelCard>
    );
  }
  return (
    <Suspense fallback={<Placeholder grant={grant} />}>
      <LatestLocation tokenId={tokenId} grant={grant} mapStyleUrl={mapStyleUrl} />
    </Suspense>
  );
}

function LatestLocation({ tokenId, grant, mapStyleUrl }: LocationPanelProps) {
  const telemetry = useLatestTelemetry(tokenId, grant);
  if (telemetry.status === "loading") return <Placeholder grant={grant} />;
  // An error is the Now card's to show.
  if (telemetry.status !== "ready") return null;
  return (
    <PanelCard heading={heading(grant)} testId="location-card">
      <LocationBody latest={telemetry.data} approximate={!canUse(grant, "location")} mapStyleUrl={mapStyleUrl} />
    </PanelCard>
  );
}

function LocationBody({
  latest,
  approximate,
  mapStyleUrl,
}: {
  latest: TelemetryLatest;
  approximate: boolean;
  mapStyleUrl: string | undefined;
}) {
  const shown = latest.signals.find(
    (signal) => signal.name === (approximate ? "currentLocationApproximateCoordinates" : "currentLocationCoordinates"),
  );
  const point = shown?.value as LatLng | undefined;
  if (!shown || !point)
    return <p className="text-sm text-muted-foreground">The vehicle has reported no location yet.</p>;
  return (
    <>
      <MapGate className="h-56 w-full" preview={<LocationPreview approximate={approximate} />}>
        <LocationMapLazy point={point} approximate={approximate} styleUrl={mapStyleUrl} />
      </MapGate>
      <p
        className="text-sm"
        data-testid="location-text"
        data-kind={approximate ? "approximate" : "exact"}
        data-latitude={point.latitude}
        data-longitude={point.longitude}
      >
        {approximate ? "Approximately " : ""}
        <span className="font-mono">{formatLatLng(point)}</span>
        <span className="text-muted-foreground">
          {" "}
          · <LastSeen iso={shown.timestamp} testId="location-seen" />
        </span>
      </p>
      {approximate ? (
        <p className="text-sm text-muted-foreground" data-testid="approximate-note">
          The grant allows only the approximate location (privilege 8): the centre of a hexagonal area of about 36 km²
          holding the vehicle. The exact location needs Location history (privilege 4).
        </p>
      ) : null}
    </>
  );
}
