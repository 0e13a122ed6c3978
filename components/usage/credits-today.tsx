import Link from "next/link";
import { Card, CardHeader } from "@/components/ui/card";
import { PageError } from "@/components/ui/page-error";
import { pageResult } from "@/lib/server/page-data";
import { readCreditsToday } from "@/lib/server/usage";

/** The developer page's line on cost: today's DIMO credits (UTC day), by the dashboard's record and by DIMO's tracker. */
export async function CreditsToday() {
  const result = pageResult(await readCreditsToday());
  if (!result.ok) return <PageError error={result.error} title="Today's credits could not be read." />;
  const { recorded, tracker } = result.data;
  return (
    <Card>
      <CardHeader
        title="DIMO credits today"
        description="Since midnight UTC: 1 credit per Telemetry API query per vehicle; the other services are free."
      />
      <dl className="grid gap-x-6 gap-y-3 px-5 py-4 text-sm sm:grid-cols-[12rem_1fr]">
        <dt className="text-muted-foreground">This dashboard&apos;s calls</dt>
        <dd className="tabular-nums" data-testid="credits-today">
          {recorded.toLocaleString("en-US")}
        </dd>
        <dt className="text-muted-foreground">DIMO&apos;s credit tracker</dt>
        <dd className="tabular-nums" data-testid="credits-today-tracker">
          {tracker === null ? "could not be read" : `${tracker.toLocaleString("en-US")} (every app of the license)`}
        </dd>
        <dt className="text-muted-foreground">Details</dt>
        <dd>
          <Link href="/usage" className="underline underline-offset-2">
            Usage by day, service and vehicle
          </Link>
        </dd>
      </dl>
    </Card>
  );
}
