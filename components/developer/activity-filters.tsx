"use client";

import { Search } from "lucide-react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useState } from "react";
import { type ActivityFilters, CACHE_STATES, STATUS_CLASSES, parseActivityFilters } from "@/lib/activity-filters";
import { DIMO_SERVICES, SERVICE_LABELS } from "@/lib/protocol";

const STATUS_LABELS = { "2xx": "2xx", "4xx": "4xx", "5xx": "5xx", failed: "Failed (any error)" } as const;
const CACHE_LABELS = {
  all: "All, with cache hits",
  hit: "Cache hits only",
  miss: "Cache misses",
  none: "Data calls",
} as const;

type SetFilter = (name: keyof ActivityFilters, value: string) => void;

/** The filters kept in the URL (`?service=trips&status=4xx&cache=hit&q=vehicle:7`), so a filtered log can be bookmarked or shared. */
export function useActivityFilters(): [ActivityFilters, SetFilter] {
  const searchParams = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const filters = parseActivityFilters(searchParams);
  const setFilter = useCallback(
    (name: keyof ActivityFilters, value: string) => {
      const next = new URLSearchParams(searchParams.toString());
      if (value === "") next.delete(name);
      else next.set(name, value);
      const query = next.toString();
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [searchParams, router, pathname],
  );
  return [filters, setFilter];
}

function FilterSelect({
  label,
  name,
  value,
  options,
  onChange,
  allLabel = "All",
}: {
  label: string;
  name: keyof ActivityFilters;
  value: string | null;
  options: Array<[string, string]>;
  onChange: SetFilter;
  allLabel?: string;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="text-muted-foreground">{label}</span>
      <select
        data-testid={`filter-${name}`}
        value={value ?? ""}
        onChange={(event) => onChange(name, event.target.value)}
        className="h-8 rounded-md border border-border bg-card px-2 text-sm"
      >
        <option value="">{allLabel}</option>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Search words (vehicle, service, status, path); the URL follows the typing once it pauses. */
function SearchBox({ value, onChange }: { value: string; onChange: SetFilter }) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  // The URL changed by other means (back, a link): show its search, unless it is what is being typed.
  if (seen !== value) {
    setSeen(value);
    if (text.trim() !== value) setText(value);
  }
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onChange("q", text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <label className="flex items-center gap-2 text-sm">
      <Search className="size-4 text-muted-foreground" aria-hidden />
      <span className="sr-only">Search calls</span>
      <input
        type="search"
        data-testid="filter-q"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="vehicle:7 status:5xx path:/trips"
        title="Words to find in the vehicle, service, status or path; vehicle:, service:, status: and path: look in one of them."
        className="h-8 w-64 max-w-full rounded-md border border-border bg-card px-2 text-sm"
      />
    </label>
  );
}

export function ActivityFilterBar({ filters, onChange }: { filters: ActivityFilters; onChange: SetFilter }) {
  return (
    <div className="flex flex-wrap items-center gap-4" role="group" aria-label="Filters">
      <SearchBox value={filters.q} onChange={onChange} />
      <FilterSelect
        label="Service"
        name="service"
        value={filters.service}
        options={DIMO_SERVICES.map((s) => [s, SERVICE_LABELS[s]])}
        onChange={onChange}
      />
      <FilterSelect
        label="Status"
        name="status"
        value={filters.status}
        options={STATUS_CLASSES.map((s) => [s, STATUS_LABELS[s]])}
        onChange={onChange}
      />
      <FilterSelect
        label="Cache"
        name="cache"
        value={filters.cache}
        options={CACHE_STATES.map((s) => [s, CACHE_LABELS[s]])}
        onChange={onChange}
        allLabel="Network calls"
      />
    </div>
  );
}
