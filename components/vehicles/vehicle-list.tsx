"use client";

import { useSearchParams } from "next/navigation";
import { useDeferredValue, useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import type { Vehicle } from "@/lib/models";
import { filterVehicles } from "./filter-vehicles";
import { VehicleSearch } from "./vehicle-search";
import { VehicleTable } from "./vehicle-table";

/**
 * The vehicle list with its search. The query is kept in the URL (`?q=`) with history.replaceState, which Next.js
 * folds into its router: the URL can be shared and reloaded, and typing costs no server round trip.
 */
export function VehicleList({ vehicles }: { vehicles: readonly Vehicle[] }) {
  const searchParams = useSearchParams();
  const [query, setQuery] = useState(() => searchParams.get("q") ?? "");
  const deferredQuery = useDeferredValue(query);
  const shown = filterVehicles(vehicles, deferredQuery);

  function updateQuery(next: string) {
    setQuery(next);
    const params = new URLSearchParams(searchParams.toString());
    if (next.trim() === "") params.delete("q");
    else params.set("q", next);
    const search = params.toString();
    window.history.replaceState(null, "", search === "" ? window.location.pathname : `?${search}`);
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <VehicleSearch value={query} onChange={updateQuery} />
        <p className="text-sm text-muted-foreground" data-testid="vehicle-count" aria-live="polite">
          {shown.length === vehicles.length
            ? `${vehicles.length} vehicles`
            : `${shown.length} of ${vehicles.length} vehicles`}
        </p>
      </div>
      {shown.length > 0 ? (
        <VehicleTable vehicles={shown} />
      ) : (
        <EmptyState
          title={`No vehicle matches “${deferredQuery.trim()}”`}
          action={
            <Button variant="secondary" onClick={() => updateQuery("")}>
              Clear search
            </Button>
          }
        >
          The search looks at make, model, year, token id and name.
        </EmptyState>
      )}
    </div>
  );
}
