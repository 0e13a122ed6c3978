import { getAddress } from "viem";
import { vehicleDid } from "@/lib/protocol";
import { type SandboxContext } from "../../context";
import { isoSeconds } from "../../seed/times";
import { dcnOf, earningsOf, manufacturerOf } from "../../seed/identity-world";
import { type GrantRecord, type VehicleRecord } from "../../store/vehicle-store";
import { globalId } from "./global-id";
import { parseAddress } from "./lookups";
import { emptyConnection, type PageArgs, pageByPosition } from "./paging";
import { aftermarketNode, dcnNode, earningsNode, manufacturerNode, syntheticNode } from "./world-nodes";

export const sacdNode = (grant: GrantRecord) => ({
  grantee: getAddress(grant.grantee),
  permissions: grant.permissions,
  source: grant.source,
  createdAt: isoSeconds(grant.createdAt),
  expiresAt: isoSeconds(grant.expiresAt),
  template: null,
});

/** A vehicle as the schema sees it; methods take the field's arguments, as graphql-js calls them. */
export class VehicleNode {
  readonly __typename = "Vehicle";

  constructor(
    private readonly record: VehicleRecord,
    private readonly ctx: SandboxContext,
  ) {}

  get id() {
    return globalId("V", this.record.tokenId);
  }
  get tokenId() {
    return this.record.tokenId;
  }
  get tokenDID() {
    return vehicleDid(this.record.tokenId);
  }
  get manufacturer() {
    return manufacturerNode(manufacturerOf(this.record.make), this.ctx);
  }
  get owner() {
    return getAddress(this.record.owner);
  }
  get mintedAt() {
    return isoSeconds(this.record.mintedAt);
  }
  get aftermarketDevice() {
    return aftermarketNode(this.record, this.ctx);
  }
  /** The older privilege system: the sandbox's grants are all SACDs, as new grants on the network are. */
  privileges(args: PageArgs) {
    return emptyConnection(args);
  }
  /** Unexpired grants, newest first, as the real connection lists them. */
  sacds(args: PageArgs) {
    const active = this.ctx.vehicles.activeGrants(this.record.tokenId, this.ctx.clock.nowMs());
    const newestFirst = [...active].sort((a, b) => b.createdAt - a.createdAt || a.grantee.localeCompare(b.grantee));
    return pageByPosition(newestFirst, args, sacdNode);
  }
  /** The grant to this grantee while it lasts: the real service does not return an expired one. */
  sacd(args: { grantee: unknown }) {
    const grant = this.ctx.vehicles.grant(this.record.tokenId, parseAddress(args.grantee, "grantee"));
    return grant && grant.expiresAt > this.ctx.clock.nowMs() ? sacdNode(grant) : null;
  }
  get syntheticDevice() {
    return syntheticNode(this.record, this.ctx);
  }
  get definition() {
    const { definitionId, make, model, year } = this.record;
    return { id: definitionId, make, model, year };
  }
  get dcn() {
    const dcn = dcnOf(this.record);
    return dcn ? dcnNode(this.record, dcn, this.ctx) : null;
  }
  get name() {
    return this.record.name;
  }
  get imageURI() {
    return this.record.imageUri;
  }
  get image() {
    return this.record.imageUri;
  }
  get earnings() {
    return earningsNode(earningsOf(this.record, this.ctx.clock.nowMs()), this.ctx);
  }
  get dataURI() {
    return `https://dimo.zone/vehicle/${this.record.tokenId}`;
  }
  /** No seeded vehicle is staked on, nor stores its data on a node of its own. */
  get stake() {
    return null;
  }
  get storageNode() {
    return null;
  }
}
