"use client";

import { POWERTRAIN_TYPES, type PowertrainType } from "@/lib/share-links/link";

/**
 * Which powertrain the list shows; the value lives in the URL (`?powertrain=`). The identity API names a vehicle's
 * device definition, and the definition its powertrain: a vehicle whose definition does not say matches none.
 */
export function VehiclePowertrainFilter({
  value,
  onChange,
}: {
  value: readonly PowertrainType[];
  onChange: (next: PowertrainType[]) => void;
}) {
  return (
    <label className="inline-flex items-center gap-2 text-sm">
      <span className="text-muted-foreground">Powertrain:</span>
      <select
        value={value.length === 1 ? value[0] : ""}
        onChange={(event) => {
          const chosen = POWERTRAIN_TYPES.find((type) => type.id === event.target.value);
          onChange(chosen ? [chosen.id] : []);
        }}
        data-testid="vehicle-filter-powertrain"
        className="h-8 rounded-md border border-border bg-card px-2 text-sm"
      >
        <option value="">Any</option>
        {POWERTRAIN_TYPES.map((type) => (
          <option key={type.id} value={type.id}>
            {type.label}
          </option>
        ))}
      </select>
    </label>
  );
}
