import Link from "next/link";
import { cn } from "@/lib/cn";

export type TripsSource = "trips" | "segments";

export function parseTripsSource(raw: string | string[] | undefined): TripsSource {
  return raw === "segments" ? "segments" : "trips";
}

const SOURCES: readonly { id: TripsSource; label: string; description: string }[] = [
  { id: "trips", label: "Trips API", description: "Completed trips from DIMO's Trips API" },
  { id: "segments", label: "Telemetry segments", description: "Trips detected from the signals over the last 30 days" },
];

/** Where the trips come from: DIMO's Trips API, or the Telemetry API's segments. The choice lives in the URL. */
export function TripsSourceSwitch({ tokenId, source }: { tokenId: number; source: TripsSource }) {
  return (
    <nav
      aria-label="Source of the trips"
      className="flex flex-wrap items-center gap-2 text-sm"
      data-testid="trips-source"
    >
      <span className="text-muted-foreground">Source:</span>
      <div className="flex overflow-hidden rounded-md border border-border">
        {SOURCES.map((option) => (
          <Link
            key={option.id}
            href={option.id === "trips" ? `/vehicles/${tokenId}/trips` : `/vehicles/${tokenId}/trips?source=segments`}
            aria-current={option.id === source ? "page" : undefined}
            title={option.description}
            data-testid={`trips-source-${option.id}`}
            className={cn(
              "border-r border-border px-3 py-1.5 last:border-r-0",
              option.id === source
                ? "bg-primary/10 font-medium text-primary"
                : "text-muted-foreground hover:text-foreground",
            )}
          >
            {option.label}
          </Link>
        ))}
      </div>
    </nav>
  );
}
