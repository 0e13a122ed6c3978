import { type Metadata } from "next";
import { Suspense } from "react";
import { AttestationsSection } from "@/components/attestation/attestations-section";
import { AttestationsSkeleton } from "@/components/attestation/panel-skeleton";
import { loadSharedVehicle } from "@/lib/server/vehicles";

export const metadata: Metadata = { title: "Attestations" };

export default async function VehicleAttestationsPage({ params }: { params: Promise<{ tokenId: string }> }) {
  // The not-found page for a malformed, unknown or unshared id; the same lookup as the layout's, made once.
  const vehicle = await loadSharedVehicle((await params).tokenId);
  // No vehicle to show: the layout says why (its grant expired, or DIMO could not be asked).
  if (!vehicle) return null;
  return (
    <div className="flex flex-col gap-6" data-testid="vehicle-attestations">
      <Suspense fallback={<AttestationsSkeleton />}>
        <AttestationsSection tokenId={vehicle.tokenId} grant={vehicle.grant} />
      </Suspense>
    </div>
  );
}
