import { publicConfig } from "@/lib/config";
import { canUse } from "@/lib/features";
import { type Vehicle } from "@/lib/models";
import { getLatestTelemetry, getVehicleVin } from "@/lib/server/telemetry";
import { OverviewView } from "./overview-view";

/**
 * The Overview's server half: the latest signals and the VIN, read side by side through the guarded reads the routes
 * share, and only when the grant allows them (a missing privilege costs no upstream call and is explained in place).
 */
export async function OverviewSection({ vehicle }: { vehicle: Vehicle }) {
  const { tokenId, grant } = vehicle;
  const readsSignals = canUse(grant, "telemetry") || canUse(grant, "approximateLocation");
  const [initialLatest, vin] = await Promise.all([
    readsSignals ? getLatestTelemetry({ tokenId }) : null,
    canUse(grant, "vin") ? getVehicleVin({ tokenId }) : null,
  ]);
  return <OverviewView tokenId={tokenId} grant={grant} initialLatest={initialLatest} vin={vin} mapStyleUrl={publicConfig().mapStyleUrl} />;
}
