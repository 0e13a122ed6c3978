"use client";

import { PRIVILEGES } from "@/lib/protocol";
import { type GrantFilter, type VehicleFilters as Filters } from "@/lib/roster/filters";

const GRANT_CHOICES: { value: GrantFilter; label: string }[] = [
  { value: "all", label: "All grants" },
  { value: "ending", label: "Ending within 30 days" },
  { value: "ended", label: "Expired or revoked" },
];

/** The list's filters: the privileges a grant must hold, and which grants to show; the values live in the URL. */
export function VehicleFilters({ value, onChange }: { value: Filters; onChange: (next: Filters) => void }) {
  function togglePrivilege(id: Filters["privileges"][number], on: boolean) {
    const privileges = on ? [...value.privileges, id] : value.privileges.filter((held) => held !== id);
    onChange({ ...value, privileges: privileges.sort((a, b) => a - b) });
  }

  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm" data-testid="vehicle-filters">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">Privileges the grant holds</legend>
        <span className="text-muted-foreground" aria-hidden>
          Holds:
        </span>
        {PRIVILEGES.map((privilege) => {
          const on = value.privileges.includes(privilege.id);
          return (
            <label
              key={privilege.id}
              title={privilege.description}
              className={`inline-flex cursor-pointer items-center gap-1 rounded-full border px-2 py-0.5 text-xs ${
                on ? "border-primary/40 bg-primary/10 text-primary" : "border-border text-muted-foreground"
              }`}
            >
              <input
                type="checkbox"
                className="size-3"
                checked={on}
                onChange={(event) => togglePrivilege(privilege.id, event.target.checked)}
                data-testid={`vehicle-filter-privilege-${privilege.id}`}
              />
              {privilege.label}
            </label>
          );
        })}
      </fieldset>
      <label className="inline-flex items-center gap-2">
        <span className="text-muted-foreground">Grants:</span>
        <select
          value={value.grant}
          onChange={(event) => {
            const grant = GRANT_CHOICES.find((choice) => choice.value === event.target.value)?.value ?? "all";
            onChange({ ...value, grant });
          }}
          data-testid="vehicle-filter-grant"
          className="h-8 rounded-md border border-border bg-card px-2 text-sm"
        >
          {GRANT_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
