import { type SandboxContext } from "../../context";
import { deviceOf, manufacturerOf, TESLA_CONNECTION } from "../../seed/identity-world";
import { isGiven, optionalAddress } from "./lookups";
import { mapConnection, type PageArgs, paginate } from "./paging";
import { VehicleNode } from "./world-nodes";

export interface VehiclesFilter {
  privileged?: unknown;
  owner?: unknown;
  make?: string | null;
  model?: string | null;
  year?: number | null;
  manufacturerTokenId?: number | null;
  deviceDefinitionId?: string | null;
  connection?: unknown;
}

/**
 * Vehicles, highest token id first. `privileged` keeps those the address owns or holds an unexpired grant on;
 * `connection` those whose synthetic device goes through that connection.
 */
export function listVehicles(ctx: SandboxContext, args: PageArgs & { filterBy?: VehiclesFilter | null }) {
  const filter = args.filterBy ?? {};
  const privileged = optionalAddress(filter.privileged, "privileged");
  const owner = optionalAddress(filter.owner, "owner");
  const connection = optionalAddress(filter.connection, "connection");
  const granted = privileged ? ctx.vehicles.grantedTokenIds(privileged, ctx.clock.nowMs()) : undefined;
  const matches = ctx.vehicles
    .all()
    .filter(
      (v) =>
        (!privileged || v.owner === privileged || granted?.has(v.tokenId)) &&
        (!owner || v.owner === owner) &&
        (!isGiven(filter.make) || v.make === filter.make) &&
        (!isGiven(filter.model) || v.model === filter.model) &&
        (!isGiven(filter.year) || v.year === filter.year) &&
        (!isGiven(filter.manufacturerTokenId) || manufacturerOf(v.make).tokenId === filter.manufacturerTokenId) &&
        (!isGiven(filter.deviceDefinitionId) || v.definitionId === filter.deviceDefinitionId) &&
        (!connection || (deviceOf(v)?.kind === "synthetic" && TESLA_CONNECTION.address.toLowerCase() === connection)),
    );
  return mapConnection(
    paginate(matches, (v) => v.tokenId, args),
    (v) => new VehicleNode(v, ctx),
  );
}
