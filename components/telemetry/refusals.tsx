import { telemetryFeatureOf } from "@/lib/features";
import { type TelemetryLatest, type VehicleGrant } from "@/lib/models";
import { Missing } from "./panel-card";

/** What DIMO's service refused although the grant seemed to allow it: one explanation per feature, where it shows. */
export function Refusals({ latest, grant }: { latest: TelemetryLatest; grant: VehicleGrant | null }) {
  const features = [...new Set(latest.refused.map((refusal) => telemetryFeatureOf(refusal.field)))];
  if (features.length === 0) return null;
  return (
    <div className="flex flex-col gap-2" data-testid="telemetry-refusals">
      {features.map((feature) => (
        <Missing key={feature} grant={grant} feature={feature} />
      ))}
      <p className="text-xs text-muted-foreground">
        DIMO&apos;s telemetry service refused:{" "}
        {latest.refused.map((refusal) => `${refusal.field} (${refusal.reason})`).join("; ")}.
      </p>
    </div>
  );
}
