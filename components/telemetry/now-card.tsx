import { Suspense } from "react";
import { type Vehicle } from "@/lib/models";
import { NowFigures } from "./now-figures";
import { PanelCard } from "./panel-card";
import { VinSection, VinSkeleton } from "./vin-section";

const NOW = { title: "Now", description: "The latest values the vehicle sent to DIMO's Telemetry API." };

/** What the vehicle is doing now: the latest values, and the VIN below them in a place of its own. */
export function NowCard({ vehicle }: { vehicle: Vehicle }) {
  return (
    <PanelCard heading={NOW} testId="now-card">
      <NowFigures tokenId={vehicle.tokenId} grant={vehicle.grant} />
      <Suspense fallback={<VinSkeleton />}>
        <VinSection vehicle={vehicle} />
      </Suspense>
    </PanelCard>
  );
}
