import { Card } from "@/components/ui/card";
import { type UsageView } from "@/lib/models/usage";

const number = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 1 });
const vehicles = (count: number) => `${number(count)} ${count === 1 ? "vehicle" : "vehicles"}`;

function Figure({ label, value, source, testId }: { label: string; value: string; source: string; testId: string }) {
  return (
    <Card className="flex flex-col gap-1 px-4 py-3">
      <span className="text-xs text-muted-foreground">{label}</span>
      <span className="text-2xl font-semibold tabular-nums" data-testid={testId}>
        {value}
      </span>
      <span className="text-xs text-muted-foreground">{source}</span>
    </Card>
  );
}

/** The range's totals: the tracker's (every app of the license) beside the dashboard's own record, and the month. */
export function UsageSummary({ view }: { view: UsageView }) {
  const { tracker, month } = view;
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
      <Figure
        label="Credits used"
        value={tracker ? number(tracker.creditsUsed) : "—"}
        source={tracker ? `DIMO's tracker, ${vehicles(tracker.vehicles)}` : "DIMO's tracker did not answer"}
        testId="usage-tracker-total"
      />
      <Figure
        label="By this dashboard's calls"
        value={number(view.recordedTotal)}
        source={`this dashboard's record, ${vehicles(view.vehicleCount)}`}
        testId="usage-recorded-total"
      />
      <Figure
        label="Grants purchased"
        value={tracker ? number(tracker.grantsPurchased) : "—"}
        source="DIMO's tracker, over the range"
        testId="usage-grants"
      />
      <Figure
        label="This month, projected"
        value={month.projected === null ? "—" : number(month.projected)}
        source={
          month.usedSoFar === null
            ? "the tracker's month so far could not be read"
            : `${number(month.usedSoFar)} so far (tracker) + ${number(month.ratePerDay)} a day (record) × ${number(month.daysLeft)} days left`
        }
        testId="usage-projection"
      />
    </div>
  );
}
