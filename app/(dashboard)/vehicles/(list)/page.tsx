import type { Metadata } from "next";
import { Suspense } from "react";
import { PageError } from "@/components/ui/page-error";
import { EndedGrants } from "@/components/vehicles/ended-grants";
import { NoVehicles } from "@/components/vehicles/no-vehicles";
import { VehicleList } from "@/components/vehicles/vehicle-list";
import { publicConfig } from "@/lib/config";
import { narrowsRoster } from "@/lib/roster/query";
import { pageResult } from "@/lib/server/page-data";
import { readVehicleList } from "@/lib/server/vehicle-list";

export const metadata: Metadata = { title: "Vehicles" };

type SearchParams = Record<string, string | string[] | undefined>;

/** The page's search parameters as the query string the list reads (repeated ones, like `privilege`, kept). */
function queryString(params: SearchParams): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) search.append(name, one);
  }
  return search.toString();
}

export default async function VehiclesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const result = pageResult(await readVehicleList({ search: queryString(await searchParams) }));
  let body: React.ReactNode;
  if (!result.ok) body = <PageError error={result.error} title="The vehicles could not be loaded." />;
  else if (result.data.progress.complete && result.data.liveTotal === 0 && !narrowsRoster(result.data.query))
    body = (
      <>
        <NoVehicles clientId={publicConfig().clientId} />
        {result.data.ended.length > 0 ? <EndedGrants grants={result.data.ended} /> : null}
      </>
    );
  else
    body = (
      <Suspense>
        <VehicleList view={result.data} />
      </Suspense>
    );
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Vehicles</h1>
        <p className="text-sm text-muted-foreground">
          The vehicles shared with this Developer License, with the share link that brought each one when this dashboard
          saw it come.
        </p>
      </div>
      {body}
    </div>
  );
}
