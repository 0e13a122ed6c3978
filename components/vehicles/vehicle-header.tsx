import { CopyButton } from "@/components/ui/copy-button";
import { shortAddress } from "@/lib/format/address";
import type { Vehicle } from "@/lib/models";
import { GrantExpiry } from "./grant-expiry";
import { PrivilegeBadges } from "./privilege-badges";
import { vehicleTitle } from "./vehicle-name";

/** The top of every vehicle page: what the vehicle is, whose it is, and what the license may see of it. */
export function VehicleHeader({ vehicle }: { vehicle: Vehicle }) {
  const definition = [vehicle.make, vehicle.model, vehicle.year].filter((part) => part !== null).join(" · ");
  return (
    <header className="flex flex-col gap-3" data-testid="vehicle-header">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{vehicleTitle(vehicle)}</h1>
        {vehicle.name ? <p className="text-sm text-muted-foreground">{vehicle.name}</p> : null}
      </div>
      <dl className="grid grid-cols-1 gap-x-8 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-xs text-muted-foreground">Definition</dt>
          <dd>{definition === "" ? "unknown" : definition}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Token id</dt>
          <dd className="flex items-center gap-1 font-mono" data-testid="vehicle-token-id">
            {vehicle.tokenId}
            <CopyButton value={String(vehicle.tokenId)} label="Copy token id" />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Owner</dt>
          <dd className="flex items-center gap-1 font-mono" title={vehicle.owner}>
            {shortAddress(vehicle.owner)}
            <CopyButton value={vehicle.owner} label="Copy owner address" />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Grant expires</dt>
          <dd>
            <GrantExpiry expiresAt={vehicle.grant?.expiresAt ?? null} />
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-xs text-muted-foreground">Privileges</span>
        <PrivilegeBadges privileges={vehicle.grant?.privileges ?? []} />
      </div>
    </header>
  );
}
