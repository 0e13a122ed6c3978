"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { CHANGE_KINDS } from "@/lib/models/audit";

type FilterName = "person" | "kind";

function FilterSelect({ label, name, options }: { label: string; name: FilterName; options: Array<[string, string]> }) {
  const searchParams = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const onChange = (value: string) => {
    const next = new URLSearchParams(searchParams.toString());
    if (value === "") next.delete(name);
    else next.set(name, value);
    // Another filter shows other rows: start again from the newest.
    next.delete("page");
    const query = next.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  };
  return (
    <label className="flex w-full min-w-0 items-center gap-2 text-sm sm:w-auto">
      <span className="text-muted-foreground">{label}</span>
      <select
        data-testid={`record-filter-${name}`}
        value={searchParams.get(name) ?? ""}
        onChange={(event) => onChange(event.target.value)}
        className="h-8 min-w-0 flex-1 rounded-md border border-border bg-card px-2 text-sm sm:flex-none"
      >
        <option value="">All</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The record's filters, kept in the URL (`?person=0x…&kind=webhook.create`), as the activity log keeps its own. */
export function RecordFilters({ people }: { people: string[] }) {
  return (
    <div className="flex w-full min-w-0 flex-wrap items-center gap-4 sm:w-auto" role="group" aria-label="Filters">
      <FilterSelect label="Person" name="person" options={people.map((address) => [address, address])} />
      <FilterSelect label="Kind" name="kind" options={Object.entries(CHANGE_KINDS)} />
    </div>
  );
}
