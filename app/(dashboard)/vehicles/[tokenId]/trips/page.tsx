import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { tripsKeys } from "@/components/trips/trips-keys";
import { TripsSkeleton } from "@/components/trips/trips-states";
import { TripsView } from "@/components/trips/trips-view";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { MissingPrivilege } from "@/components/vehicles/missing-privilege";
import { loadSharedVehicle, parsePageParam } from "@/lib/server/vehicle-params";
import { publicConfig } from "@/lib/config";
import { listTrips } from "@/lib/dimo";
import { getQueryClient } from "@/lib/query-client";

export const metadata: Metadata = { title: "Trips" };

interface TripsPageProps {
  params: Promise<{ tokenId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function TripsPage({ params, searchParams }: TripsPageProps) {
  const vehicle = await loadSharedVehicle((await params).tokenId);
  const pageParam = parsePageParam((await searchParams).page);
  if (!vehicle.grant?.privileges.includes(4)) return <MissingPrivilege feature="Trips" privileges={[4]} />;
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

  // The first page arrives with the HTML, so the list is there as soon as the page is; a failure here is left to
  // the browser's own request, which shows it with a retry.
  const queryClient = getQueryClient();
  await queryClient.prefetchQuery({
    queryKey: tripsKeys.page(vehicle.tokenId, pageParam.page),
    queryFn: () => listTrips(vehicle.tokenId, pageParam.page),
  });

  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <Suspense fallback={<TripsSkeleton />}>
        <TripsView tokenId={vehicle.tokenId} mapStyleUrl={publicConfig().mapStyleUrl} />
      </Suspense>
    </HydrationBoundary>
  );
}
