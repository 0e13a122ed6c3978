import Link from "next/link";
import { CopyButton } from "@/components/ui/copy-button";
import { shortAddress } from "@/lib/format/address";
import type { Vehicle } from "@/lib/models";
import { type ShareRecord } from "@/lib/share-links";
import { GrantExpiry } from "./grant-expiry";
import { GrantEndsSoon } from "./grant-ends-soon";
import { SharedVia } from "./shared-via";
import { PrivilegeBadges } from "./privilege-badges";
import { vehicleTitle } from "@/lib/roster/vehicle-title";

/** A cell's label, shown only where the rows are cards (below `md`), since the column headings are hidden there. */
function CardLabel({ children }: { children: React.ReactNode }) {
  return <span className="mr-2 text-xs text-muted-foreground md:hidden">{children}</span>;
}

/**
 * The shared vehicles as a table: what each is, who owns it, and what the grant allows until when. Below `md` the same
 * rows are laid out as cards (one DOM, so nothing is rendered twice): a long name or many privileges wrap inside the
 * card instead of pushing columns off the screen.
 */
export function VehicleTable({
  vehicles,
  shares,
  nowMs,
}: {
  vehicles: readonly Vehicle[];
  /** How each vehicle came, when the dashboard saw it come through a share link. */
  shares: Readonly<Record<number, ShareRecord>>;
  nowMs: number;
}) {
  return (
    <div className="md:rounded-lg md:border md:border-border md:bg-card">
      <table className="block w-full text-sm md:table" data-testid="vehicle-table">
        <thead className="hidden border-b border-border text-left text-xs text-muted-foreground uppercase md:table-header-group">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Vehicle
            </th>
            <th scope="col" className="px-4 py-3 font-medium whitespace-nowrap">
              Token id
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Owner
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Privileges
            </th>
            <th scope="col" className="px-4 py-3 font-medium whitespace-nowrap">
              Grant expires
            </th>
          </tr>
        </thead>
        <tbody className="flex flex-col gap-3 md:table-row-group">
          {vehicles.map((vehicle) => (
            <tr
              key={vehicle.tokenId}
              data-testid="vehicle-row"
              data-token-id={vehicle.tokenId}
              className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-border bg-card p-3 md:table-row md:rounded-none md:border-0 md:border-b md:bg-transparent md:p-0 md:last:border-0 md:hover:bg-muted/50"
            >
              <td className="w-full min-w-0 md:w-auto md:px-4 md:py-3">
                <Link
                  href={`/vehicles/${vehicle.tokenId}`}
                  className="font-medium break-words hover:text-primary hover:underline"
                >
                  {vehicleTitle(vehicle)}
                </Link>
                {vehicle.name ? <div className="text-xs break-words text-muted-foreground">{vehicle.name}</div> : null}
                <SharedVia record={shares[vehicle.tokenId]} nowMs={nowMs} />
              </td>
              <td className="md:px-4 md:py-3">
                <CardLabel>Token id</CardLabel>
                <span className="inline-flex items-center gap-1 font-mono">
                  {vehicle.tokenId}
                  <CopyButton value={String(vehicle.tokenId)} label={`Copy token id ${vehicle.tokenId}`} />
                </span>
              </td>
              <td className="md:px-4 md:py-3">
                <CardLabel>Owner</CardLabel>
                {/* One unbreakable unit: the short address never wraps at its ellipsis. */}
                <span className="inline-flex items-center gap-1 font-mono whitespace-nowrap" title={vehicle.owner}>
                  {shortAddress(vehicle.owner)}
                  <CopyButton value={vehicle.owner} label="Copy owner address" />
                </span>
              </td>
              <td className="w-full md:w-auto md:px-4 md:py-3">
                <PrivilegeBadges privileges={vehicle.grant?.privileges ?? []} />
              </td>
              <td className="whitespace-nowrap md:px-4 md:py-3">
                <CardLabel>Grant expires</CardLabel>
                <GrantExpiry expiresAt={vehicle.grant?.expiresAt ?? null} />
                <GrantEndsSoon expiresAt={vehicle.grant?.expiresAt ?? null} nowMs={nowMs} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
