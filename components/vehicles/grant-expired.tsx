import { CalendarX2 } from "lucide-react";
import Link from "next/link";
import { LocalTime } from "@/components/trips/local-time";
import { buttonClasses } from "@/components/ui/button";
import type { Vehicle } from "@/lib/models";
import { vehicleTitle } from "./vehicle-name";

/** Whole days from an instant to now; null when the instant cannot be read. */
function daysSince(iso: string, nowMs: number): number | null {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : Math.max(0, Math.floor((nowMs - ms) / 86_400_000));
}

function ago(days: number | null): string {
  if (days === null) return "";
  if (days === 0) return " (today)";
  return days === 1 ? " (yesterday)" : ` (${days} days ago)`;
}

/**
 * A vehicle the license had a grant on, and no longer: which vehicle, that the grant expired and when, and what brings
 * the data back. Kept apart from the not-found page, which is for vehicles never shared with the license.
 */
export function GrantExpired({
  vehicle,
  grantEndedAt,
  nowMs,
}: {
  vehicle: Vehicle;
  grantEndedAt: string;
  nowMs: number;
}) {
  const readable = !Number.isNaN(Date.parse(grantEndedAt));
  return (
    <section
      data-testid="grant-expired"
      data-grant-ended-at={grantEndedAt}
      aria-labelledby="grant-expired-title"
      className="flex flex-col gap-4"
    >
      <header className="flex min-w-0 flex-wrap items-baseline gap-x-4 gap-y-1 text-sm">
        <h1 className="min-w-0 truncate text-xl font-semibold tracking-tight">{vehicleTitle(vehicle)}</h1>
        <span className="text-muted-foreground">
          Token id <span className="font-mono text-foreground">{vehicle.tokenId}</span>
        </span>
      </header>
      <div className="flex items-start gap-3 rounded-lg border border-warning/40 bg-warning/5 p-4 text-sm">
        <CalendarX2 className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden />
        <div className="flex flex-col gap-2">
          <h2 id="grant-expired-title" className="font-medium">
            {readable ? (
              <>
                This vehicle&apos;s grant to your Developer License expired on{" "}
                <span data-testid="grant-ended-at">
                  <LocalTime iso={grantEndedAt} />
                </span>
                {ago(daysSince(grantEndedAt, nowMs))}.
              </>
            ) : (
              "This vehicle's grant to your Developer License has expired."
            )}
          </h2>
          <p className="text-muted-foreground">
            Its owner shared it with this license until then. Since the grant ended, DIMO answers none of the
            license&apos;s requests for it: no telemetry, trips, valuation or offers. Once the owner shares it again
            (from the DIMO app), it is back in the vehicle list and its pages open as before.
          </p>
          <Link href="/vehicles" className={buttonClasses("secondary", "sm", "w-fit")}>
            Back to vehicles
          </Link>
        </div>
      </div>
    </section>
  );
}
