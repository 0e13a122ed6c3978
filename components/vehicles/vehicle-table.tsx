import Link from "next/link";
import { CopyButton } from "@/components/ui/copy-button";
import { shortAddress } from "@/lib/format/address";
import type { Vehicle } from "@/lib/models";
import { GrantExpiry } from "./grant-expiry";
import { PrivilegeBadges } from "./privilege-badges";
import { vehicleTitle } from "./vehicle-name";

/** The shared vehicles as a table: what each is, who owns it, and what the grant allows until when. */
export function VehicleTable({ vehicles }: { vehicles: readonly Vehicle[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-card">
      <table className="w-full text-sm" data-testid="vehicle-table">
        <thead className="border-b border-border text-left text-xs text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">Vehicle</th>
            <th scope="col" className="px-4 py-3 font-medium">Token id</th>
            <th scope="col" className="px-4 py-3 font-medium">Owner</th>
            <th scope="col" className="px-4 py-3 font-medium">Privileges</th>
            <th scope="col" className="px-4 py-3 font-medium whitespace-nowrap">Grant expires</th>
          </tr>
        </thead>
        <tbody>
          {vehicles.map((vehicle) => (
            <tr key={vehicle.tokenId} data-testid="vehicle-row" data-token-id={vehicle.tokenId} className="border-b border-border last:border-0 hover:bg-muted/50">
              <td className="px-4 py-3">
                <Link href={`/vehicles/${vehicle.tokenId}`} className="font-medium hover:text-primary hover:underline">
                  {vehicleTitle(vehicle)}
                </Link>
                {vehicle.name ? <div className="text-xs text-muted-foreground">{vehicle.name}</div> : null}
              </td>
              <td className="px-4 py-3">
                <span className="inline-flex items-center gap-1 font-mono">
                  {vehicle.tokenId}
                  <CopyButton value={String(vehicle.tokenId)} label={`Copy token id ${vehicle.tokenId}`} />
                </span>
              </td>
              <td className="px-4 py-3">
                <span className="inline-flex items-center gap-1 font-mono" title={vehicle.owner}>
                  {shortAddress(vehicle.owner)}
                  <CopyButton value={vehicle.owner} label="Copy owner address" />
                </span>
              </td>
              <td className="px-4 py-3">
                <PrivilegeBadges privileges={vehicle.grant?.privileges ?? []} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                <GrantExpiry expiresAt={vehicle.grant?.expiresAt ?? null} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
