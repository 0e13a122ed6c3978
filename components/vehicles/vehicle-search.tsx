"use client";

import { Search, X } from "lucide-react";

/**
 * The search box of the vehicle list; the query itself lives in the URL (see VehicleList). DIMO's list of vehicles
 * carries no VIN, so a VIN finds only the vehicles whose VIN the dashboard has read, and the words say so.
 */
export function VehicleSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="relative w-full max-w-sm">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Make, model, year, token id, VIN where known"
        title="Searches make, model, year, token id, name, powertrain and share link. A VIN, or its last 6 characters, finds a vehicle once the dashboard has read its VIN (its Overview or its VIN credential). An owner's address starting 0x finds that owner's vehicles."
        aria-label="Search vehicles"
        data-testid="vehicle-search"
        className="h-10 w-full rounded-md border border-border bg-card pr-9 pl-9 text-sm outline-none placeholder:text-muted-foreground focus:border-primary [&::-webkit-search-cancel-button]:hidden"
      />
      {value !== "" ? (
        <button
          type="button"
          onClick={() => onChange("")}
          aria-label="Clear search"
          className="absolute top-1/2 right-2 grid size-6 -translate-y-1/2 place-items-center rounded text-muted-foreground hover:bg-muted"
        >
          <X className="size-4" aria-hidden />
        </button>
      ) : null}
    </div>
  );
}
