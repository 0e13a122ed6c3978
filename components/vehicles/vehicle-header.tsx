import { CopyButton } from "@/components/ui/copy-button";
import { shortAddress } from "@/lib/format/address";
import type { Vehicle } from "@/lib/models";
import { GrantExpiry } from "./grant-expiry";
import { GrantLacks } from "./grant-lacks";
import { HeaderPrivileges } from "./header-privileges";
import { vehicleTitle } from "@/lib/roster/vehicle-title";

/**
 * The top of every vehicle page in two lines: what the vehicle is (year, make and model, or its name), its token id
 * and owner; then what the license may see of it and until when. Kept short so the tab's own content, the trips map
 * above all, starts high on the screen.
 */
export function VehicleHeader({ vehicle }: { vehicle: Vehicle }) {
  const title = vehicleTitle(vehicle);
  return (
    <header data-testid="vehicle-header">
      <div className="flex min-w-0 flex-col gap-1.5 text-sm">
        <div className="flex min-w-0 flex-wrap items-baseline gap-x-4 gap-y-1">
          <h1 className="min-w-0 truncate text-xl font-semibold tracking-tight" title={title}>
            {title}
          </h1>
          {vehicle.name ? <span className="min-w-0 truncate text-muted-foreground">{vehicle.name}</span> : null}
          {/* Each line's facts are a list of their own: a <dl> holds its term and value groups directly. */}
          <dl className="contents">
            <Fact label="Token id">
              <span className="inline-flex items-center gap-0.5 font-mono" data-testid="vehicle-token-id">
                {vehicle.tokenId}
                <CopyButton value={String(vehicle.tokenId)} label="Copy token id" />
              </span>
            </Fact>
            <Fact label="Owner">
              {/* One unbreakable unit: the short address never wraps at its ellipsis. */}
              <span
                className="inline-flex items-center gap-0.5 font-mono whitespace-nowrap"
                title={vehicle.owner}
                data-testid="vehicle-owner"
              >
                {shortAddress(vehicle.owner)}
                <CopyButton value={vehicle.owner} label="Copy owner address" />
              </span>
            </Fact>
          </dl>
        </div>
        <dl className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-1">
          <Fact label="Grant expires">
            <GrantExpiry expiresAt={vehicle.grant?.expiresAt ?? null} />
          </Fact>
          <HeaderPrivileges privileges={vehicle.grant?.privileges ?? []} />
        </dl>
        <GrantLacks privileges={vehicle.grant?.privileges ?? []} />
      </div>
    </header>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center gap-1.5 whitespace-nowrap">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
