import Link from "next/link";
import type { FleetCount } from "@/lib/fleet/summary";
import { formatNumber } from "@/lib/format/numbers";

/**
 * A count of the fleet summary as a tile or a row with a bar, linked to the vehicle list where the list can show the
 * same vehicles. Each carries `data-testid="fleet-count"`, its `data-key` and `data-count` for tests.
 */

const data = (row: FleetCount) => ({ "data-testid": "fleet-count", "data-key": row.key, "data-count": row.count });

function Label({ row }: { row: FleetCount }) {
  if (!row.href) return <span>{row.label}</span>;
  return (
    <Link href={row.href} className="text-primary underline-offset-2 hover:underline">
      {row.label}
      <span className="sr-only">: list these vehicles</span>
    </Link>
  );
}

export function CountTile({ row, note, unknown = false }: { row: FleetCount; note: string; unknown?: boolean }) {
  return (
    <div className="rounded-lg border border-border bg-card px-4 py-3" {...data(row)}>
      <p className="text-sm">
        <Label row={row} />
      </p>
      <p className="text-2xl font-semibold tabular-nums">{unknown ? "–" : formatNumber(row.count)}</p>
      <p className="text-xs text-muted-foreground">{note}</p>
    </div>
  );
}

export function CountList({ rows, total, group }: { rows: readonly FleetCount[]; total: number; group: string }) {
  if (rows.length === 0) return <p className="px-5 py-4 text-sm text-muted-foreground">No vehicles yet.</p>;
  return (
    <ul className="flex flex-col gap-2 px-5 py-4" data-testid={`fleet-counts-${group}`}>
      {rows.map((row) => (
        <li key={row.key} className="flex flex-col gap-1 text-sm" {...data(row)}>
          <div className="flex items-baseline justify-between gap-3">
            <Label row={row} />
            <span className="tabular-nums">{formatNumber(row.count)}</span>
          </div>
          <div className="h-1 w-full overflow-hidden rounded-full bg-muted" aria-hidden>
            <div
              className="h-full bg-primary/70"
              style={{ width: `${total > 0 ? Math.min(100, (row.count / total) * 100) : 0}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
