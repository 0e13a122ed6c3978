import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import { MissingPrivilege } from "@/components/vehicles/missing-privilege";
import { missingFor } from "@/lib/features";
import { type VehicleGrant } from "@/lib/models";
import { getQueryClient } from "@/lib/query-client";
import { unwrap } from "@/lib/result";
import { listRawEventTypes, listRawEvents } from "@/lib/server/raw-data";
import { RawDataPanel } from "./raw-data-panel";
import { rawEventsQuery, rawTypesQuery } from "./raw-data-queries";
import { type RawDataView } from "./raw-data-view";

/**
 * The server half of the Raw data tab: a grant without raw data is explained in place (and costs no call); otherwise
 * the types summary and the first page are prefetched through the guarded reads the raw routes share. A failed read
 * is not dehydrated, so the browser asks the route once more before it shows the error.
 */
export async function RawDataSection({
  tokenId,
  grant,
  view,
}: {
  tokenId: number;
  grant: VehicleGrant | null;
  view: RawDataView;
}) {
  const missing = missingFor(grant, "rawData");
  if (missing.length > 0) return <MissingPrivilege feature="rawData" missing={missing} />;
  const queryClient = getQueryClient();
  await Promise.all([
    queryClient.prefetchQuery({
      ...rawTypesQuery(tokenId),
      queryFn: async () => unwrap(await listRawEventTypes({ tokenId })),
    }),
    queryClient.prefetchQuery({
      ...rawEventsQuery(tokenId, view),
      queryFn: async () => unwrap(await listRawEvents({ tokenId, ...view.filter, before: view.before })),
    }),
  ]);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <RawDataPanel tokenId={tokenId} view={view} />
    </HydrationBoundary>
  );
}
