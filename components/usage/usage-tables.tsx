import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { type UsageView } from "@/lib/models/usage";
import { SERVICE_LABELS } from "@/lib/protocol";

const number = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 1 });
const cell = "px-3 py-2";

/** Credits per day and per service, from the dashboard's record: the chart's figures in text. */
export function UsageDaysTable({ view }: { view: UsageView }) {
  const services = view.byService.map((entry) => entry.service);
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full text-left text-sm" data-testid="usage-days">
        <thead className="border-b border-border text-xs text-muted-foreground">
          <tr>
            <th scope="col" className={cell}>
              Day (UTC)
            </th>
            {services.map((service) => (
              <th key={service} scope="col" className={`${cell} text-right`}>
                {SERVICE_LABELS[service]}
              </th>
            ))}
            <th scope="col" className={`${cell} text-right`}>
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {[...view.days].reverse().map((day) => (
            <tr key={day.day} data-day={day.day} className="border-b border-border last:border-0">
              <td className={`${cell} tabular-nums`}>{day.day}</td>
              {services.map((service) => (
                <td key={service} className={`${cell} text-right tabular-nums`} data-service={service}>
                  {number(day.byService[service] ?? 0)}
                </td>
              ))}
              <td className={`${cell} text-right font-medium tabular-nums`} data-testid="usage-day-total">
                {number(day.credits)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The top vehicles of the range (and the searched one): the record's use and rate, the tracker's figures. */
export function UsageVehiclesTable({ view }: { view: UsageView }) {
  if (view.vehicles.length === 0) {
    return <p className="text-sm text-muted-foreground">No charged call in this range.</p>;
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full text-left text-sm" data-testid="usage-vehicles">
        <thead className="border-b border-border text-xs text-muted-foreground">
          <tr>
            <th scope="col" className={cell}>
              Vehicle
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Credits (record)
            </th>
            <th scope="col" className={`${cell} text-right`}>
              A day (record)
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Credits (tracker)
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Grants (tracker)
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Balance (tracker)
            </th>
            <th scope="col" className={cell}>
              Lasts
            </th>
          </tr>
        </thead>
        <tbody>
          {view.vehicles.map((vehicle) => (
            <tr
              key={vehicle.tokenId}
              data-testid="usage-vehicle"
              data-token-id={vehicle.tokenId}
              data-runs-short={vehicle.runsShort}
              className="border-b border-border last:border-0"
            >
              <td className={cell}>
                <Link href={`/vehicles/${vehicle.tokenId}`} className="underline underline-offset-2">
                  #{vehicle.tokenId}
                </Link>
              </td>
              <td className={`${cell} text-right tabular-nums`} data-testid="usage-vehicle-recorded">
                {number(vehicle.credits)}
              </td>
              <td className={`${cell} text-right tabular-nums`}>{number(vehicle.ratePerDay)}</td>
              <td className={`${cell} text-right tabular-nums`} data-testid="usage-vehicle-tracker">
                {vehicle.tracker ? number(vehicle.tracker.creditsUsed) : "—"}
              </td>
              <td className={`${cell} text-right tabular-nums`}>
                {vehicle.tracker ? number(vehicle.tracker.grantsPurchased) : "—"}
              </td>
              <td className={`${cell} text-right tabular-nums`} data-testid="usage-vehicle-balance">
                {vehicle.tracker ? number(vehicle.tracker.remaining) : "—"}
              </td>
              <td className={cell}>
                {vehicle.runsShort ? (
                  <Badge tone="warning" data-testid="usage-runs-short">
                    Will not last the month: about {number(vehicle.daysLeft ?? 0)} days
                  </Badge>
                ) : vehicle.daysLeft === null ? (
                  "—"
                ) : (
                  `${number(vehicle.daysLeft)} days`
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
