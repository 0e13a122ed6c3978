"use client";

import { ROSTER_SORTS, type RosterSort } from "@/lib/roster/query";

/** The vehicle list's order; the value lives in the URL (`?sort=`). */
export function VehicleSort({ value, onChange }: { value: RosterSort; onChange: (next: RosterSort) => void }) {
  return (
    <label className="inline-flex items-center gap-2 text-sm">
      <span className="text-muted-foreground">Sort:</span>
      <select
        value={value}
        onChange={(event) => onChange(ROSTER_SORTS.find((sort) => sort.id === event.target.value)?.id ?? value)}
        data-testid="vehicle-sort"
        className="h-8 rounded-md border border-border bg-card px-2 text-sm"
      >
        {ROSTER_SORTS.map((sort) => (
          <option key={sort.id} value={sort.id}>
            {sort.label}
          </option>
        ))}
      </select>
    </label>
  );
}
