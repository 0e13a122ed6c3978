import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import { publicConfig } from "@/lib/config";
import { canReadSignals } from "@/lib/features";
import { type Vehicle } from "@/lib/models";
import { getQueryClient } from "@/lib/query-client";
import { unwrap } from "@/lib/result";
import { getLatestTelemetry } from "@/lib/server/telemetry";
import { getVehicleSignals } from "@/lib/server/vehicle-signals";
import { AttentionPanel } from "./attention-panel";
import { HistorySection } from "./history-section";
import { LocationPanel } from "./location-panel";
import { NowCard } from "./now-card";
import { OverviewFrame } from "./overview-frame";
import { SignalGroupsPanel } from "./signal-groups-panel";
import { SummaryPanel } from "./summary-panel";
import { latestQuery, vehicleSignalsQuery } from "./telemetry-queries";
import { WebhooksPanel } from "./webhooks-panel";

/**
 * The vehicle's Overview, a panel per file, each behind its own Suspense: what needs attention, what the vehicle is
 * doing now, where it is, its data summary, one signal's history and every signal it has, grouped. Two reads are
 * prefetched here and not awaited (the key signals, and every signal): the page streams at once, and each panel shows
 * as soon as its read arrives; the VIN streams into the Now card on its own. A grant that allows no signal costs no
 * upstream call, and each panel says what it lacks.
 */
export function Overview({ vehicle }: { vehicle: Vehicle }) {
  const { tokenId, grant } = vehicle;
  const queryClient = getQueryClient();
  if (canReadSignals(grant)) {
    void queryClient.prefetchQuery({
      ...latestQuery(tokenId),
      queryFn: async () => unwrap(await getLatestTelemetry({ tokenId })),
    });
    void queryClient.prefetchQuery({
      ...vehicleSignalsQuery(tokenId),
      queryFn: async () => unwrap(await getVehicleSignals({ tokenId })),
    });
  }
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <OverviewFrame tokenId={tokenId} grant={grant}>
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
    </HydrationBoundary>
  );
}
