import Link from "next/link";
import { ChevronLeft } from "lucide-react";
import { ApiCallsDrawer } from "@/components/developer/api-calls-drawer";
import { VehicleHeader } from "@/components/vehicles/vehicle-header";
import { VehicleTabs } from "@/components/vehicles/vehicle-tabs";
import { PageError } from "@/components/ui/page-error";
import { GrantEnded } from "@/components/vehicles/grant-ended";
import { GrantExpired } from "@/components/vehicles/grant-expired";
import { type VehicleForPage, loadVehicleForPage } from "@/lib/server/vehicles";

/**
 * One vehicle: a compact header and the tabs (Overview, Trips, All trips, Value, with "API calls" at the row's end)
 * above whichever tab is open. Kept short so a tab's content, the trips map above all, fits the first screen. A vehicle
 * whose grant expired says so and when; a lookup DIMO failed is shown in the app's frame like any other error; a
 * vehicle never shared with the license (or an id that is none) is the not-found page.
 */
export default async function VehicleLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ tokenId: string }>;
}) {
  const { tokenId } = await params;
  const lookup = await loadVehicleForPage(tokenId);
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <Link
        href="/vehicles"
        className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ChevronLeft className="size-4" aria-hidden />
        All vehicles
      </Link>
      <VehicleBody lookup={lookup} tokenId={tokenId}>
        {children}
      </VehicleBody>
    </div>
  );
}

/** The header and tabs over the open tab; or, with no vehicle to show, why (the tabs then render nothing). */
function VehicleBody({
  lookup,
  tokenId,
  children,
}: {
  lookup: VehicleForPage;
  tokenId: string;
  children: React.ReactNode;
}) {
  switch (lookup.status) {
    case "expired":
      return <GrantExpired vehicle={lookup.vehicle} grantEndedAt={lookup.grantEndedAt} nowMs={requestTime()} />;
    case "ended":
      return <GrantEnded grant={lookup.grant} />;
    case "failed":
      return (
        <>
          <h1 className="text-xl font-semibold tracking-tight">Vehicle {tokenId}</h1>
          <PageError error={lookup.error} title="This vehicle could not be loaded." />
        </>
      );
    case "shared":
      return (
        <>
          <VehicleHeader vehicle={lookup.vehicle} />
          <VehicleTabs tokenId={lookup.vehicle.tokenId} aside={<ApiCallsDrawer tokenId={lookup.vehicle.tokenId} />} />
          <div className="min-w-0 pt-1">{children}</div>
        </>
      );
  }
}

/** The time this request is served at, for "N days ago": a server layout renders once per request, so it is stable. */
function requestTime(): number {
  return Date.now();
}
