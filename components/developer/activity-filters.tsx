"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { type ActivityFilters, CACHE_STATES, STATUS_CLASSES, parseActivityFilters } from "@/lib/activity-filters";
import { DIMO_SERVICES, SERVICE_LABELS } from "@/lib/protocol";

const STATUS_LABELS = { "2xx": "2xx", "4xx": "4xx", "5xx": "5xx", failed: "Failed (any error)" } as const;
const CACHE_LABELS = { hit: "Cache hit", miss: "Cache miss", none: "Data calls" } as const;

/** The filters kept in the URL (`?service=trips&status=4xx&cache=hit`), so a filtered log can be bookmarked or shared. */
export function useActivityFilters(): [ActivityFilters, (name: keyof ActivityFilters, value: string) => void] {
  const searchParams = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const filters = parseActivityFilters(searchParams);
  const setFilter = (name: keyof ActivityFilters, value: string) => {
    const next = new URLSearchParams(searchParams.toString());
    if (value === "") next.delete(name);
    else next.set(name, value);
    const query = next.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  };
  return [filters, setFilter];
}

function FilterSelect({
  label,
  name,
  value,
  options,
  onChange,
}: {
  label: string;
  name: keyof ActivityFilters;
  value: string | null;
  options: Array<[string, string]>;
  onChange: (name: keyof ActivityFilters, value: string) => void;
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
        <option value="">All</option>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </label>
  );
}

export function ActivityFilterBar({ filters, onChange }: { filters: ActivityFilters; onChange: (name: keyof ActivityFilters, value: string) => void }) {
  return (
    <div className="flex flex-wrap items-center gap-4" role="group" aria-label="Filters">
      <FilterSelect label="Service" name="service" value={filters.service} options={DIMO_SERVICES.map((s) => [s, SERVICE_LABELS[s]])} onChange={onChange} />
      <FilterSelect label="Status" name="status" value={filters.status} options={STATUS_CLASSES.map((s) => [s, STATUS_LABELS[s]])} onChange={onChange} />
      <FilterSelect label="Cache" name="cache" value={filters.cache} options={CACHE_STATES.map((s) => [s, CACHE_LABELS[s]])} onChange={onChange} />
    </div>
  );
}
