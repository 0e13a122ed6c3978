import Link from "next/link";
import { Card, CardHeader } from "@/components/ui/card";
import { ErrorNotice } from "@/components/ui/error-notice";
import { PageError } from "@/components/ui/page-error";
import { RosterProgress } from "@/components/vehicles/roster-progress";
import { type FleetCount, type FleetSummaryView } from "@/lib/fleet/summary";
import { formatNumber } from "@/lib/format/numbers";
import { refresherCreditsPerDay } from "@/lib/server/usage-days";
import { CountList, CountTile } from "./fleet-counts";

/**
 * The fleet at a glance: a few headline counts, then the fleet by make, model year and powertrain, and what the grants
 * give. Each count the vehicle list can filter on links to it. While the roster is still being read, says so (and
 * the page re-renders as it fills).
 */
export function FleetSummary({ view }: { view: FleetSummaryView }) {
  const { summary, roster, refreshError, positionsError } = view;
  const { seen } = summary;
  const vehicles: FleetCount = { key: "total", label: "Vehicles", count: summary.total, href: "/vehicles" };
  const notSeen: FleetCount = {
    key: "seen:notForWeek",
    label: "Not seen for a week",
    count: seen?.notForWeek ?? 0,
    href: null,
  };
  return (
    <section className="flex flex-col gap-4" aria-label="The fleet at a glance" data-testid="fleet-summary">
      {!roster.complete ? (
        <div className="flex flex-col gap-0.5" data-testid="fleet-roster-reading">
          <RosterProgress progress={roster} />
          <p className="text-sm text-muted-foreground">The counts cover the vehicles read so far.</p>
        </div>
      ) : null}
      {refreshError ? (
        <PageError error={refreshError} title="The vehicles could not be refreshed; the counts are as last read." />
      ) : null}
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <CountTile row={vehicles} note="with a live grant" />
        <CountTile row={summary.grants.ending} note="grants, still live" />
        <CountTile row={summary.grants.ended} note="grants" />
        <CountTile
          row={notSeen}
          unknown={seen === null}
          note={
            seen === null
              ? "not known: the positions could not be read"
              : seen.notYetKnown > 0
                ? `not yet known for ${formatNumber(seen.notYetKnown)} ${seen.notYetKnown === 1 ? "vehicle" : "vehicles"}`
                : "of the vehicles read"
          }
        />
      </div>
      <p className="text-sm text-muted-foreground" data-testid="fleet-refresher-cost">
        The map&apos;s position refresher costs about{" "}
        <strong>{formatNumber(refresherCreditsPerDay(summary.total))}</strong> DIMO credits a day at this fleet size
        while someone watches the map (each vehicle read every 15 minutes, 1 credit a read);{" "}
        <Link href="/usage" className="underline underline-offset-2">
          what was used
        </Link>
        .
      </p>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        <Card>
          <CardHeader title="Makes" description="The most common, then the rest together." />
          <CountList rows={summary.makes} total={summary.total} group="makes" />
        </Card>
        <Card>
          <CardHeader title="Model years" description="Newest first." />
          <CountList rows={summary.years} total={summary.total} group="years" />
        </Card>
        <Card>
          <CardHeader title="Powertrains" description="From each vehicle's device definition." />
          <CountList rows={summary.powertrains} total={summary.total} group="powertrains" />
        </Card>
        <Card>
          <CardHeader title="What the grants give" description="Vehicles whose grant allows each." />
          <CountList rows={summary.coverage} total={summary.total} group="coverage" />
        </Card>
      </div>
      {seen ? (
        <p className="text-sm text-muted-foreground" data-testid="fleet-seen">
          Last seen: {formatNumber(seen.withinWeek)} within a week, {formatNumber(seen.notForWeek)} longer ago; not yet
          known for {formatNumber(seen.notYetKnown)}
          {seen.noSignalsGrant > 0
            ? `, and ${formatNumber(seen.noSignalsGrant)} whose grant gives no signal to tell`
            : ""}
          . <Link href="#fleet-positions-heading">The map below</Link> shows how far the positions are read.
        </p>
      ) : positionsError ? (
        <ErrorNotice
          error={positionsError}
          title="When each vehicle was last seen could not be read."
          testId="fleet-seen-error"
          variant="line"
        />
      ) : null}
    </section>
  );
}
