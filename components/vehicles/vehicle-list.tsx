"use client";

import { useSearchParams } from "next/navigation";
import { useDeferredValue, useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { type VehicleRoster, endsSoon } from "@/lib/share-links";
import { EndedGrants } from "./ended-grants";
import {
  type VehicleFilters as Filters,
  filterVehicles,
  holdsAll,
  matchesQuery,
  readVehicleFilters,
  writeVehicleFilters,
} from "./filter-vehicles";
import { VehicleFilters } from "./vehicle-filters";
import { VehicleSearch } from "./vehicle-search";
import { VehicleTable } from "./vehicle-table";

/**
 * The vehicle list with its search and filters, and below it the grants the dashboard saw end. The query and filters
 * are kept in the URL (`?q=`, `?privilege=`, `?grant=`) with history.replaceState, which Next.js folds into its
 * router: the URL can be shared and reloaded, and typing costs no server round trip.
 */
export function VehicleList({ roster }: { roster: VehicleRoster }) {
  const { vehicles, shares, ended, nowMs } = roster;
  const searchParams = useSearchParams();
  const [query, setQuery] = useState(() => searchParams.get("q") ?? "");
  const [filters, setFilters] = useState(() => readVehicleFilters(new URLSearchParams(searchParams.toString())));
  const deferredQuery = useDeferredValue(query);

  const live =
    filters.grant === "ended"
      ? []
      : filterVehicles(vehicles, deferredQuery, (tokenId) => shares[tokenId]?.link).filter(
          (vehicle) =>
            holdsAll(vehicle.grant?.privileges ?? [], filters.privileges) &&
            (filters.grant !== "ending" || endsSoon(vehicle.grant?.expiresAt ?? null, nowMs)),
        );
  const endedShown =
    filters.grant === "ending"
      ? []
      : ended.filter(
          (grant) =>
            matchesQuery([grant.title, grant.tokenId, grant.link], deferredQuery) &&
            holdsAll(grant.privileges, filters.privileges),
        );
  const narrowed = deferredQuery.trim() !== "" || filters.privileges.length > 0 || filters.grant !== "all";

  function replaceUrl(params: URLSearchParams) {
    const search = params.toString();
    window.history.replaceState(null, "", search === "" ? window.location.pathname : `?${search}`);
  }

  function updateQuery(next: string) {
    setQuery(next);
    const params = new URLSearchParams(searchParams.toString());
    if (next.trim() === "") params.delete("q");
    else params.set("q", next);
    replaceUrl(params);
  }

  function updateFilters(next: Filters) {
    setFilters(next);
    replaceUrl(writeVehicleFilters(new URLSearchParams(searchParams.toString()), next));
  }

  function clearAll() {
    setQuery("");
    setFilters({ privileges: [], grant: "all" });
    replaceUrl(new URLSearchParams());
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <VehicleSearch value={query} onChange={updateQuery} />
        <p className="text-sm text-muted-foreground" data-testid="vehicle-count" aria-live="polite">
          {live.length === vehicles.length
            ? `${vehicles.length} vehicles`
            : `${live.length} of ${vehicles.length} vehicles`}
        </p>
      </div>
      <VehicleFilters value={filters} onChange={updateFilters} />
      {live.length > 0 ? <VehicleTable vehicles={live} shares={shares} nowMs={nowMs} /> : null}
      {endedShown.length > 0 ? <EndedGrants grants={endedShown} /> : null}
      {live.length === 0 && endedShown.length === 0 ? (
        <EmptyState
          title={deferredQuery.trim() !== "" ? `No vehicle matches “${deferredQuery.trim()}”` : "No vehicle matches"}
          action={
            narrowed ? (
              <Button variant="secondary" onClick={clearAll}>
                Clear search and filters
              </Button>
            ) : undefined
          }
        >
          The search looks at make, model, year, token id, name and the share link that brought the vehicle; the filters
          at the privileges each grant holds and when it ends.
        </EmptyState>
      ) : null}
    </div>
  );
}
