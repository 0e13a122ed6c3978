import { LocalTime } from "@/components/trips/local-time";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import { CHANGE_KINDS, type ChangeRecord } from "@/lib/models/audit";
import { ROLE_NAMES } from "@/lib/models/team";

const COLUMNS = ["Time", "Person", "Role", "Change", "Target", "Detail"];

/** A cell's label where the rows are cards (below `md`): the column headings are hidden there. */
function CellLabel({ children }: { children: React.ReactNode }) {
  return <span className="mr-1.5 text-xs text-muted-foreground md:hidden">{children}</span>;
}

const signedInWith = (entry: ChangeRecord) =>
  entry.via === "dimo" ? `Login with DIMO${entry.email ? ` (${entry.email})` : ""}` : "Wallet";

/** The changes, newest first, in the activity log's table: stacked cards below `md`. */
export function RecordTable({ entries }: { entries: ChangeRecord[] }) {
  return (
    <div className="rounded-lg border border-border bg-card md:overflow-x-auto">
      <table className="block w-full text-left text-sm md:table" data-testid="record-table">
        <thead className="hidden border-b border-border text-xs text-muted-foreground md:table-header-group">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block md:table-row-group">
          {entries.map((entry) => (
            <tr
              key={entry.id}
              data-testid="record-row"
              data-kind={entry.kind}
              data-actor={entry.actor}
              data-target={entry.target ?? ""}
              className="flex flex-wrap items-center gap-x-3 gap-y-1.5 border-b border-border px-3 py-2.5 last:border-0 md:table-row md:p-0 md:align-top"
            >
              <td className="whitespace-nowrap tabular-nums md:px-3 md:py-2">
                <LocalTime iso={entry.at} />
              </td>
              <td className="min-w-0 md:px-3 md:py-2">
                <span className="block font-mono text-xs break-all" data-testid="record-actor">
                  {entry.actor}
                </span>
                <span className="block text-xs text-muted-foreground">{signedInWith(entry)}</span>
              </td>
              <td className="md:px-3 md:py-2">
                <CellLabel>Role</CellLabel>
                {ROLE_NAMES[entry.role] ?? entry.role}
              </td>
              <td className="md:px-3 md:py-2">
                <Badge>{CHANGE_KINDS[entry.kind] ?? entry.kind}</Badge>
              </td>
              <td
                className={cn(
                  "min-w-0 font-mono text-xs break-all md:max-w-[14rem] md:px-3 md:py-2",
                  // A card below md shows no empty "Target".
                  entry.target ? "" : "hidden md:table-cell",
                )}
              >
                <CellLabel>Target</CellLabel>
                {entry.target ?? ""}
              </td>
              <td
                className="w-full min-w-0 [overflow-wrap:anywhere] md:w-auto md:px-3 md:py-2"
                data-testid="record-detail"
              >
                {entry.detail}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
