import { AttestationsSkeleton } from "@/components/attestation/panel-skeleton";

/** Switching to the Attestations tab: the panel's own shape while the vehicle's grant is looked up. */
export default function VehicleAttestationsLoading() {
  return <AttestationsSkeleton />;
}
