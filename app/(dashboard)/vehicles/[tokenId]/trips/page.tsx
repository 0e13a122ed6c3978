import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { TripsSkeleton } from "@/components/trips/trips-states";
import { tripsPageQuery } from "@/components/trips/trips-queries";
import { TripsView } from "@/components/trips/trips-view";
import { SegmentsView } from "@/components/trips/segments-view";
import { TripsSourceSwitch, parseTripsSource } from "@/components/trips/trips-source-switch";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { MissingPrivilege } from "@/components/vehicles/missing-privilege";
import { publicConfig } from "@/lib/config";
import { canUse, missingFor } from "@/lib/features";
import { type Vehicle } from "@/lib/models";
import { getQueryClient } from "@/lib/query-client";
import { unwrap } from "@/lib/result";
import { parsePageParam } from "@/lib/server/page-param";
import { listTripsPage } from "@/lib/server/trips";
import { loadSharedVehicle } from "@/lib/server/vehicles";

export const metadata: Metadata = { title: "Trips" };

interface TripsPageProps {
  params: Promise<{ tokenId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function TripsPage({ params, searchParams }: TripsPageProps) {
  const vehicle = await loadSharedVehicle((await params).tokenId);
  // No vehicle to show: the layout says why (its grant expired, or DIMO could not be asked).
  if (!vehicle) return null;
  const search = await searchParams;
  const source = parseTripsSource(search.source);
  return (
    <div className="flex flex-col gap-4">
      <TripsSourceSwitch tokenId={vehicle.tokenId} source={source} />
      {source === "segments" ? (
        canUse(vehicle.grant, "segments") ? (
          <SegmentsView tokenId={vehicle.tokenId} mapStyleUrl={publicConfig().mapStyleUrl} />
        ) : (
          <MissingPrivilege feature="segments" missing={missingFor(vehicle.grant, "segments")} />
        )
      ) : (
        <TripsApiSection vehicle={vehicle} rawPage={search.page} />
      )}
    </div>
  );
}

/** The Trips API's trips, a page at a time, the first page prefetched with the HTML. */
async function TripsApiSection({ vehicle, rawPage }: { vehicle: Vehicle; rawPage: string | string[] | undefined }) {
  const pageParam = parsePageParam(rawPage);
  if (!canUse(vehicle.grant, "trips"))
    return <MissingPrivilege feature="trips" missing={missingFor(vehicle.grant, "trips")} />;
  if (!pageParam.ok) {
    return (
      <EmptyState
        title={`“${pageParam.raw}” is not a page number`}
        action={
          <Link href={`/vehicles/${vehicle.tokenId}/trips`} className={buttonClasses("secondary")}>
            Go to the first page
          </Link>
        }
      >
        Pages are numbered from 1.
      </EmptyState>
    );
  }

  // The first page arrives with the HTML, through the same guarded read as the trips route, so the list is there as
  // soon as the page is; a failure here is left to the browser's own request, which shows it with a retry.
  const queryClient = getQueryClient();
  const { tokenId } = vehicle;
  const page = pageParam.page;
  await queryClient.prefetchQuery({
    ...tripsPageQuery(tokenId, page),
    queryFn: async () => unwrap(await listTripsPage({ tokenId, page })),
  });

  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <Suspense fallback={<TripsSkeleton />}>
        <TripsView tokenId={vehicle.tokenId} mapStyleUrl={publicConfig().mapStyleUrl} />
      </Suspense>
    </HydrationBoundary>
  );
}
