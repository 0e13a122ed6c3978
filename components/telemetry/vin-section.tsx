import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import { canUse } from "@/lib/features";
import { type Vehicle } from "@/lib/models";
import { getVehicleVin } from "@/lib/server/telemetry";
import { VinFigure } from "./overview-parts";
import { FIGURE_GRID, Missing } from "./panel-card";

/**
 * The VIN, read on its own: the credential lookup is slower than the latest signals, and streams in after them
 * rather than holding them back. A grant without it costs no upstream call.
 */
export async function VinSection({ vehicle }: { vehicle: Vehicle }) {
  const { tokenId, grant } = vehicle;
  if (!canUse(grant, "vin")) return <Missing grant={grant} feature="vin" />;
  const vin = await getVehicleVin({ tokenId });
  if (!vin.ok)
    return (
      <ErrorNotice
        variant="line"
        error={vin.error}
        feature="vin"
        title="The VIN could not be read."
        testId="vin-error"
      />
    );
  return (
    <dl className={FIGURE_GRID}>
      <VinFigure vin={vin.data} />
    </dl>
  );
}

/** The VIN figure's height with its credential's date, which takes two lines in a quarter of a wide screen. */
export function VinSkeleton() {
  return (
    <div className={FIGURE_GRID} aria-hidden>
      <Skeleton className="h-26" />
    </div>
  );
}
