import { CalendarX2 } from "lucide-react";
import Link from "next/link";
import { LocalTime } from "@/components/trips/local-time";
import { buttonClasses } from "@/components/ui/button";
import type { Vehicle } from "@/lib/models";
import { GrantNotice } from "./grant-notice";
import { vehicleTitle } from "@/lib/roster/vehicle-title";

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
    <GrantNotice
      id="grant-expired"
      title={vehicleTitle(vehicle)}
      tokenId={vehicle.tokenId}
      icon={CalendarX2}
      headline={
        readable ? (
          <>
            This vehicle&apos;s grant to your Developer License expired on{" "}
            <span data-testid="grant-ended-at">
              <LocalTime iso={grantEndedAt} />
            </span>
            {ago(daysSince(grantEndedAt, nowMs))}.
          </>
        ) : (
          "This vehicle's grant to your Developer License has expired."
        )
      }
      data={{ "data-grant-ended-at": grantEndedAt }}
    >
      <p className="text-muted-foreground">
        Its owner shared it with this license until then. Since the grant ended, DIMO answers none of the license&apos;s
        requests for it: no telemetry, trips, valuation or offers. Once the owner shares it again (from the DIMO app),
        it is back in the vehicle list and its pages open as before.
      </p>
      <Link href="/vehicles" className={buttonClasses("secondary", "sm", "w-fit")}>
        Back to vehicles
      </Link>
    </GrantNotice>
  );
}
