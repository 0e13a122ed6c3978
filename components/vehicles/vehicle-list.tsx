"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageError } from "@/components/ui/page-error";
import { EMPTY_ROSTER_QUERY, type RosterQuery, type RosterSort, narrowsRoster, rosterSearch } from "@/lib/roster/query";
import { type VehicleListView } from "@/lib/models/roster";
import { type PowertrainType } from "@/lib/share-links/link";
import { EndedGrants } from "./ended-grants";
import { type VehicleFilters as Filters } from "@/lib/roster/filters";
import { RosterProgress } from "./roster-progress";
import { VehicleFilters } from "./vehicle-filters";
import { VehiclePager } from "./vehicle-pager";
import { VehiclePowertrainFilter } from "./vehicle-powertrain-filter";
import { VehicleSearch } from "./vehicle-search";
import { VehicleSort } from "./vehicle-sort";
import { VehicleTable } from "./vehicle-table";

/** The query without its page: what the search box, filters and sort hold. */
const controlsOf = (query: RosterQuery) => rosterSearch({ ...query, page: 1 });

/** Typing waits this long before the server is asked, so a word costs one request, not one a letter. */
const SEARCH_DELAY_MS = 250;

/**
 * One page of the vehicle list, with its search, filters, sort and pager. The server holds the roster and sends only
 * this page's rows; the query lives in the URL (`?q=`, `?privilege=`, `?grant=`, `?sort=`, `?page=`), and each change
 * replaces it, which renders the page on the server again. The controls keep their own state meanwhile, so typing is
 * never interrupted by an answer to an earlier letter.
 */
export function VehicleList({ view }: { view: VehicleListView }) {
  const router = useRouter();
  const [pending, startNavigation] = useTransition();
  const [query, setQuery] = useState(view.query.q);
  const [filters, setFilters] = useState<Filters>({ privileges: view.query.privileges, grant: view.query.grant });
  const [powertrains, setPowertrains] = useState<PowertrainType[]>(view.query.powertrains);
  const [sort, setSort] = useState<RosterSort>(view.query.sort);
  const typing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The search, filters and sort this list last asked the server for. */
  const requested = useRef(controlsOf(view.query));
  useEffect(() => () => clearTimeout(typing.current), []);

  // A navigation that did not come from these controls (the sidebar's link to the plain list, say) brings a query of
  // its own: the controls follow it. Answers to the controls' own requests leave them alone, so typing goes on.
  const shownControls = controlsOf(view.query);
  useEffect(() => {
    if (pending || typing.current !== undefined || shownControls === requested.current) return;
    requested.current = shownControls;
    setQuery(view.query.q);
    setFilters({ privileges: view.query.privileges, grant: view.query.grant });
    setPowertrains(view.query.powertrains);
    setSort(view.query.sort);
  }, [pending, shownControls, view.query]);

  function navigate(next: RosterQuery) {
    clearTimeout(typing.current);
    typing.current = undefined;
    requested.current = controlsOf(next);
    startNavigation(() => router.replace(`/vehicles${rosterSearch(next)}`, { scroll: false }));
  }

  // Any change of search, filter or sort starts again at the first page.
  const current = (): RosterQuery => ({ q: query, ...filters, powertrains, sort, page: 1 });

  function updateQuery(next: string) {
    setQuery(next);
    clearTimeout(typing.current);
    const target = { ...current(), q: next };
    typing.current = setTimeout(() => navigate(target), SEARCH_DELAY_MS);
  }

  function updateFilters(next: Filters) {
    setFilters(next);
    navigate({ ...current(), ...next });
  }

  function updatePowertrains(next: PowertrainType[]) {
    setPowertrains(next);
    navigate({ ...current(), powertrains: next });
  }

  function updateSort(next: RosterSort) {
    setSort(next);
    navigate({ ...current(), sort: next });
  }

  function clearAll() {
    setQuery("");
    setFilters({ privileges: [], grant: "all" });
    setPowertrains([]);
    navigate({ ...EMPTY_ROSTER_QUERY, sort });
  }

  const shown = view.query;
  const narrowed = narrowsRoster(shown);
  const exportHref = `/api/vehicles/export${rosterSearch({ ...shown, page: 1 })}`;

  return (
    <div className="flex flex-col gap-4">
      {view.refreshError ? (
        <PageError error={view.refreshError} title="The vehicles could not be refreshed; the list is as last read." />
      ) : null}
      {view.notices.length > 0 ? (
        <div
          className="rounded-lg border border-warning/40 bg-warning/5 p-3 text-sm"
          role="status"
          data-testid="vehicle-list-notices"
        >
          <ul className="flex flex-col gap-1">
            {view.notices.map((notice) => (
              <li key={notice}>{notice}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <VehicleSearch value={query} onChange={updateQuery} />
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-muted-foreground" data-testid="vehicle-count" aria-live="polite">
            {view.matched === view.liveTotal
              ? `${view.liveTotal} vehicles`
              : `${view.matched} of ${view.liveTotal} vehicles`}
          </p>
          <a href={exportHref} download className="text-sm text-primary hover:underline" data-testid="vehicle-export">
            Export CSV
          </a>
        </div>
      </div>
      <RosterProgress progress={view.progress} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <VehicleFilters value={filters} onChange={updateFilters} />
        <div className="flex flex-wrap items-center gap-3">
          <VehiclePowertrainFilter value={powertrains} onChange={updatePowertrains} />
          <VehicleSort value={sort} onChange={updateSort} />
        </div>
      </div>
      <div className="flex flex-col gap-4" aria-busy={pending}>
        {view.rows.length > 0 ? <VehicleTable vehicles={view.rows} shares={view.shares} nowMs={view.nowMs} /> : null}
        <VehiclePager query={shown} page={view.page} pageCount={view.pageCount} />
        {view.ended.length > 0 ? <EndedGrants grants={view.ended} /> : null}
        {view.rows.length === 0 && view.ended.length === 0 ? (
          <EmptyState
            title={shown.q.trim() !== "" ? `No vehicle matches “${shown.q.trim()}”` : "No vehicle matches"}
            action={
              narrowed ? (
                <Button variant="secondary" onClick={clearAll}>
                  Clear search and filters
                </Button>
              ) : undefined
            }
          >
            The search looks at make, model, year, powertrain, token id, name, owner address and the share link that
            brought the vehicle; the filters at the privileges each grant holds, when it ends and the powertrain.
          </EmptyState>
        ) : null}
      </div>
    </div>
  );
}
