import { GraphQLError } from "graphql";
import { getAddress } from "viem";
import { vehicleDid } from "@/lib/protocol";
import { type SandboxContext } from "../../context";
import { isoSeconds } from "../../seed/times";
import { pairedDevice } from "../../seed/devices";
import { type LicenseRecord } from "../../store/license-store";
import { type GrantRecord, type VehicleRecord } from "../../store/vehicle-store";
import { mapConnection, type PageArgs, paginate } from "./paging";

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The `Address` scalar's rule, applied where an address comes in. */
function parseAddress(value: unknown, argument: string): string {
  if (typeof value !== "string" || !ADDRESS.test(value)) {
    throw new GraphQLError(`${argument}: not a valid address`, { extensions: { code: "BAD_USER_INPUT" } });
  }
  return value.toLowerCase();
}

const notFound = (message: string) => new GraphQLError(message, { extensions: { code: "NOT_FOUND" } });

const sacdNode = (grant: GrantRecord) => ({
  grantee: getAddress(grant.grantee),
  permissions: grant.permissions,
  source: grant.source,
  createdAt: isoSeconds(grant.createdAt),
  expiresAt: isoSeconds(grant.expiresAt),
});

/** A paired device as the schema sees it; `id` is opaque like the real service's. */
function deviceNode(record: VehicleRecord, kind: "aftermarket" | "synthetic") {
  const device = pairedDevice(record);
  if (!device || device.kind !== kind) return null;
  const prefix = kind === "aftermarket" ? "AD" : "S";
  return {
    id: `${prefix}_${Buffer.from(String(device.tokenId)).toString("base64")}`,
    tokenId: device.tokenId,
    address: device.address,
  };
}

/** A vehicle as the schema sees it; `sacd` is a method so graphql-js calls it with the field's arguments. */
class VehicleNode {
  constructor(
    private readonly record: VehicleRecord,
    private readonly ctx: SandboxContext,
  ) {}

  get id() {
    return `V_${Buffer.from(String(this.record.tokenId)).toString("base64")}`;
  }
  get tokenId() {
    return this.record.tokenId;
  }
  get tokenDID() {
    return vehicleDid(this.record.tokenId);
  }
  get owner() {
    return getAddress(this.record.owner);
  }
  get mintedAt() {
    return isoSeconds(this.record.mintedAt);
  }
  get name() {
    return this.record.name;
  }
  get imageURI() {
    return this.record.imageUri;
  }
  get definition() {
    const { definitionId, make, model, year } = this.record;
    return { id: definitionId, make, model, year };
  }

  sacd(args: { grantee: unknown }) {
    const grant = this.ctx.vehicles.grant(this.record.tokenId, parseAddress(args.grantee, "grantee"));
    return grant ? sacdNode(grant) : null;
  }

  /** Unexpired grants only, as the real connection lists the active ones. */
  sacds(args: PageArgs) {
    return pageByPosition(this.ctx.vehicles.activeGrants(this.record.tokenId, this.ctx.clock.nowMs()), args, sacdNode);
  }

  get aftermarketDevice() {
    return deviceNode(this.record, "aftermarket");
  }
  get syntheticDevice() {
    return deviceNode(this.record, "synthetic");
  }
}

interface VehiclesFilter {
  privileged?: unknown;
  owner?: unknown;
  make?: string | null;
  model?: string | null;
  year?: number | null;
}

/** Lists oldest first keyed by position counted from the end, so the usual descending-key paging applies. */
function pageByPosition<T, U>(items: readonly T[], args: PageArgs, toNode: (item: T) => U) {
  const keyed = items.map((item, i) => ({ item, key: items.length - i }));
  return mapConnection(
    paginate(keyed, (entry) => entry.key, args),
    (entry) => toNode(entry.item),
  );
}

function licenseNode(license: LicenseRecord) {
  return {
    tokenId: license.tokenId,
    owner: license.owner,
    clientId: license.clientId,
    alias: license.alias,
    mintedAt: isoSeconds(license.mintedAt),
    signers: (args: PageArgs) =>
      pageByPosition(license.signers, args, (s) => ({ address: s.address, enabledAt: isoSeconds(s.enabledAt) })),
    redirectURIs: (args: PageArgs) =>
      pageByPosition(license.redirectUris, args, (r) => ({ uri: r.uri, enabledAt: isoSeconds(r.enabledAt) })),
  };
}

/** The Query type's resolvers, given as graphql-js's root value. */
export function identityRoot(ctx: SandboxContext) {
  return {
    vehicles(args: PageArgs & { filterBy?: VehiclesFilter | null }) {
      const filter = args.filterBy ?? {};
      const privileged = filter.privileged == null ? undefined : parseAddress(filter.privileged, "privileged");
      const owner = filter.owner == null ? undefined : parseAddress(filter.owner, "owner");
      const granted = privileged ? ctx.vehicles.grantedTokenIds(privileged, ctx.clock.nowMs()) : undefined;
      const matches = ctx.vehicles
        .all()
        .filter(
          (v) =>
            (!privileged || v.owner === privileged || granted?.has(v.tokenId)) &&
            (!owner || v.owner === owner) &&
            (filter.make == null || v.make === filter.make) &&
            (filter.model == null || v.model === filter.model) &&
            (filter.year == null || v.year === filter.year),
        );
      return mapConnection(
        paginate(matches, (v) => v.tokenId, args),
        (v) => new VehicleNode(v, ctx),
      );
    },

    vehicle(args: { tokenId: number }) {
      const record = ctx.vehicles.get(args.tokenId);
      if (!record) throw notFound(`No vehicle with token id ${args.tokenId}.`);
      return new VehicleNode(record, ctx);
    },

    developerLicense(args: { by: { clientId?: unknown; tokenId?: number | null; alias?: string | null } }) {
      const { clientId, tokenId, alias } = args.by;
      const given = [clientId, tokenId, alias].filter((value) => value !== undefined && value !== null);
      if (given.length !== 1) throw new GraphQLError("Provide exactly one of `clientId`, `tokenId` or `alias`.");
      let license: LicenseRecord | undefined;
      if (clientId !== undefined && clientId !== null) {
        license = ctx.licenses.findByClientId(parseAddress(clientId, "clientId"));
        if (!license) throw notFound(`No license with client id ${getAddress(String(clientId))}.`);
      } else if (tokenId !== undefined && tokenId !== null) {
        license = ctx.licenses.findByTokenId(tokenId);
        if (!license) throw notFound(`No license with token id ${tokenId}.`);
      } else {
        license = ctx.licenses.findByAlias(String(alias));
        if (!license) throw notFound("No license with that alias.");
      }
      return licenseNode(license);
    },
  };
}
