"use client";

import Link from "next/link";
import { Suspense } from "react";
import { LocationMapLazy } from "@/components/map/location-map-lazy";
import { LocationPreview } from "@/components/map/location-preview";
import { MapGate } from "@/components/map/map-gate";
import { canUse } from "@/lib/features";
import { formatLatLng } from "@/lib/geo/trip-places";
import { type LatLng, type TelemetryLatest, type VehicleGrant } from "@/lib/models";
import { LastSeen } from "./overview-parts";
import { type LastTrip, useLastTrip } from "./use-last-trip";
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
      <LocationBody
        tokenId={tokenId}
        latest={telemetry.data}
        approximate={!canUse(grant, "location")}
        withTrips={canUse(grant, "trips")}
        mapStyleUrl={mapStyleUrl}
      />
    </PanelCard>
  );
}

function LocationBody({
  tokenId,
  latest,
  approximate,
  withTrips,
  mapStyleUrl,
}: {
  tokenId: number;
  latest: TelemetryLatest;
  approximate: boolean;
  /** Whether the grant reads trips (privilege 4): the map then shows the last one's route. */
  withTrips: boolean;
  mapStyleUrl: string | undefined;
}) {
  // Only beside the exact location: a route would say more than the approximate area allows.
  const withLastTrip = withTrips && !approximate;
  const lastTrip = useLastTrip(tokenId, withLastTrip);
  const shown = latest.signals.find(
    (signal) => signal.name === (approximate ? "currentLocationApproximateCoordinates" : "currentLocationCoordinates"),
  );
  const point = shown?.value as LatLng | undefined;
  if (!shown || !point)
    return <p className="text-sm text-muted-foreground">The vehicle has reported no location yet.</p>;
  return (
    <>
      <MapGate className="h-56 w-full" preview={<LocationPreview approximate={approximate} />}>
        <LocationMapLazy
          point={point}
          approximate={approximate}
          lastTripPath={lastTrip?.path?.coordinates ?? null}
          styleUrl={mapStyleUrl}
        />
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
      {withLastTrip ? <LastTripLine tokenId={tokenId} lastTrip={lastTrip} /> : null}
      {approximate ? (
        <p className="text-sm text-muted-foreground" data-testid="approximate-note">
          The grant allows only the approximate location (privilege 8): the centre of a hexagonal area of about 36 km²
          holding the vehicle. The exact location needs Location history (privilege 4).
        </p>
      ) : null}
    </>
  );
}

/**
 * The last trip, drawn on the map once its route is known, and a link to it on the trips page. Its two lines are kept
 * from the start, so that nothing below moves when the trip arrives.
 */
function LastTripLine({ tokenId, lastTrip }: { tokenId: number; lastTrip: LastTrip | null }) {
  return (
    <p
      className="min-h-10 text-sm text-muted-foreground"
      data-testid="location-last-trip"
      data-trip-id={lastTrip?.trip.id ?? ""}
    >
      {lastTrip ? (
        <>
          Last trip{lastTrip.path ? ", the line on the map" : ""}: ended{" "}
          <LastSeen iso={lastTrip.trip.end.time} testId="location-last-trip-ended" />.{" "}
          <Link
            href={`/vehicles/${tokenId}/trips?page=1&trip=${encodeURIComponent(lastTrip.trip.id)}`}
            className="font-medium text-foreground underline underline-offset-4 hover:text-primary"
            data-testid="location-last-trip-link"
          >
            Open it on the trips page
          </Link>
        </>
      ) : null}
    </p>
  );
}
