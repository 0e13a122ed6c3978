import type { Metadata } from "next";
import { PageError } from "@/components/ui/page-error";
import { Card, CardHeader } from "@/components/ui/card";
import { UsageChart } from "@/components/usage/usage-chart";
import { UsageRangeForm } from "@/components/usage/usage-range-form";
import { UsageSummary } from "@/components/usage/usage-summary";
import { UsageDaysTable, UsageVehiclesTable } from "@/components/usage/usage-tables";
import { pageResult } from "@/lib/server/page-data";
import { readUsage } from "@/lib/server/usage";

export const metadata: Metadata = { title: "Usage" };

type SearchParams = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;

/** What the license's DIMO credits went on: per day, service and vehicle, the balances, and the month ahead. */
export default async function UsagePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const input = { from: first(params.from), to: first(params.to), vehicle: first(params.vehicle) };
  const result = pageResult(await readUsage(input));
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Usage</h1>
        <p className="text-sm text-muted-foreground">
          DIMO charges credits per vehicle read: 1 per Telemetry API query per vehicle; the other services are free. The
          days, services and vehicles come from this dashboard&apos;s own record of its calls; the totals, grants and
          balances from DIMO&apos;s credit tracker, which also counts the license&apos;s other apps.
        </p>
      </div>
      {result.ok ? (
        <>
          <UsageRangeForm
            from={result.data.from.slice(0, 10)}
            to={result.data.to.slice(0, 10)}
            vehicle={input.vehicle ?? ""}
          />
          {result.data.trackerError ? (
            <p className="text-sm text-danger" data-testid="usage-tracker-error">
              DIMO&apos;s credit tracker could not be read: {result.data.trackerError}
            </p>
          ) : null}
          <UsageSummary view={result.data} />
          <Card>
            <CardHeader title="Credits per day" description="This dashboard's record, by service (UTC days)." />
            <div className="flex flex-col gap-4 px-5 py-4">
              <UsageChart days={result.data.days} />
              <UsageDaysTable view={result.data} />
            </div>
          </Card>
          <Card>
            <CardHeader
              title="Vehicles"
              description="The vehicles this dashboard spent most on over the range, and the one searched for. A balance that will not last a month at the current rate is flagged."
            />
            <div className="px-5 py-4">
              <UsageVehiclesTable view={result.data} />
            </div>
          </Card>
        </>
      ) : (
        <PageError error={result.error} title="Usage could not be read." />
      )}
    </div>
  );
}
