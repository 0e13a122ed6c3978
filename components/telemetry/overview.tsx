import { publicConfig } from "@/lib/config";
import { canReadSignals } from "@/lib/features";
import { type Vehicle } from "@/lib/models";
import { getLatestTelemetry } from "@/lib/server/telemetry";
import { getVehicleSignals } from "@/lib/server/vehicle-signals";
import { AttentionPanel } from "./attention-panel";
import { HistorySection } from "./history-section";
import { LocationPanel } from "./location-panel";
import { NowCard } from "./now-card";
import { OverviewFrame } from "./overview-frame";
import { SignalGroupsPanel } from "./signal-groups-panel";
import { SummaryPanel } from "./summary-panel";
import { WebhooksPanel } from "./webhooks-panel";

/**
 * The vehicle's Overview, a panel per file, each behind its own Suspense: what needs attention, what the vehicle is
 * doing now, where it is, its data summary, one signal's history and every signal it has, grouped. Two reads are
 * started here and not awaited (the key signals, and every signal), so each panel shows as soon as its read arrives;
 * the VIN streams into the Now card on its own. A grant that allows no signal costs no upstream call, and each panel
 * says what it lacks.
 */
export function Overview({ vehicle }: { vehicle: Vehicle }) {
  const { tokenId, grant } = vehicle;
  const readable = canReadSignals(grant);
  const latest = readable ? getLatestTelemetry({ tokenId }) : null;
  const signals = readable ? getVehicleSignals({ tokenId }) : null;
  return (
    <OverviewFrame tokenId={tokenId} latest={latest} signals={signals}>
      <AttentionPanel tokenId={tokenId} grant={grant} />
      <NowCard vehicle={vehicle} />
      <div className="grid gap-6 lg:grid-cols-2">
        <LocationPanel tokenId={tokenId} grant={grant} mapStyleUrl={publicConfig().mapStyleUrl} />
        <SummaryPanel tokenId={tokenId} grant={grant} />
      </div>
      <HistorySection tokenId={tokenId} grant={grant} />
      <SignalGroupsPanel tokenId={tokenId} grant={grant} />
      <WebhooksPanel tokenId={tokenId} />
    </OverviewFrame>
  );
}
