import { GraphQLError } from "graphql";
import { type SandboxContext } from "../../context";
import { deviceOf, dcnOf, manufacturerOf, PERMISSION_TEMPLATES, TESLA_CONNECTION } from "../../seed/identity-world";
import { type VehicleRecord } from "../../store/vehicle-store";
import { parseGlobalId } from "./global-id";
import { findLicense, listLicenses } from "./licenses";
import { isGiven, noRows, notFound, optionalAddress, parseAddress, tokenIdOfDid } from "./lookups";
import { emptyConnection, mapConnection, type PageArgs, pageByPosition, paginate } from "./paging";
import { listVehicles, type VehiclesFilter } from "./vehicle-list";
import {
  aftermarketNode,
  connectionNode,
  dcnNode,
  deviceDefinitionNode,
  earningsNode,
  earningsOfVehicles,
  manufacturerNode,
  syntheticNode,
  templateNode,
  VehicleNode,
} from "./world-nodes";

type By = Record<string, unknown>;

/** The Query type's resolvers, given as graphql-js's root value. */
export function identityRoot(ctx: SandboxContext) {
  const vehicleById = (tokenId: number): VehicleNode | null => {
    const record = ctx.vehicles.get(tokenId);
    return record ? new VehicleNode(record, ctx) : null;
  };
  const makes = () => [...new Set(ctx.vehicles.all().map((v) => v.make))].map(manufacturerOf);
  const withDevice = (kind: "aftermarket" | "synthetic") =>
    ctx.vehicles.all().filter((v) => deviceOf(v)?.kind === kind);
  const findDevice = (kind: "aftermarket" | "synthetic", by: By): VehicleRecord | undefined => {
    const tokenId = isGiven(by.tokenDID) ? tokenIdOfDid(String(by.tokenDID), "error decoding token did") : by.tokenId;
    const address = isGiven(by.address) ? parseAddress(by.address, "address") : undefined;
    return withDevice(kind).find((v) => {
      const device = deviceOf(v);
      return (
        device?.tokenId === tokenId ||
        device?.address.toLowerCase() === address ||
        (isGiven(by.serial) && device?.serial === by.serial)
      );
    });
  };

  return {
    node(args: { id: string }) {
      const { prefix, tokenId } = parseGlobalId(args.id);
      const record = ctx.vehicles.get(tokenId);
      switch (prefix) {
        case "V":
          return vehicleById(tokenId);
        case "AD":
        case "S": {
          const kind = prefix === "AD" ? "aftermarket" : "synthetic";
          const owner = findDevice(kind, { tokenId });
          return owner ? (kind === "aftermarket" ? aftermarketNode : syntheticNode)(owner, ctx) : null;
        }
        case "M": {
          const manufacturer = makes().find((m) => m.tokenId === tokenId);
          return manufacturer ? manufacturerNode(manufacturer, ctx) : null;
        }
        case "D": {
          const dcn = record && dcnOf(record);
          return record && dcn ? dcnNode(record, dcn, ctx) : null;
        }
        default:
          throw new GraphQLError("unrecognized global id");
      }
    },

    vehicles: (args: PageArgs & { filterBy?: VehiclesFilter | null }) => listVehicles(ctx, args),

    vehicle(args: { tokenId?: number | null; tokenDID?: string | null }) {
      if ([args.tokenId, args.tokenDID].filter(isGiven).length !== 1) {
        throw new GraphQLError("provide exactly one of `tokenID` or `tokenDID`");
      }
      const tokenId = isGiven(args.tokenId)
        ? args.tokenId
        : tokenIdOfDid(String(args.tokenDID), "error decoding tokenDID");
      const vehicle = vehicleById(tokenId);
      if (vehicle) return vehicle;
      throw notFound(
        isGiven(args.tokenId)
          ? `No vehicle with token id ${args.tokenId}.`
          : `No vehicle with DID ${JSON.stringify(args.tokenDID)}.`,
      );
    },

    developerLicense: (args: { by: By }) => findLicense(ctx, args.by),
    developerLicenses: (args: Parameters<typeof listLicenses>[1]) => listLicenses(ctx, args),

    manufacturers() {
      const all = makes().sort((a, b) => a.tokenId - b.tokenId);
      const nodes = all.map((m) => manufacturerNode(m, ctx));
      const pageInfo = { startCursor: null, endCursor: null, hasPreviousPage: false, hasNextPage: false };
      return { totalCount: nodes.length, nodes, edges: nodes.map((node) => ({ node, cursor: "" })), pageInfo };
    },
    manufacturer(args: { by: By }) {
      const { name, tokenId, slug } = args.by;
      const id = isGiven(args.by.tokenDID)
        ? tokenIdOfDid(String(args.by.tokenDID), "error decoding token did")
        : tokenId;
      const found = makes().find((m) => m.tokenId === id || m.name === name || m.slug === slug);
      if (!found) throw noRows();
      return manufacturerNode(found, ctx);
    },
    deviceDefinition(args: { by: { id: string } }) {
      const vehicle = ctx.vehicles.all().find((v) => v.definitionId === args.by.id);
      if (!vehicle) throw new GraphQLError("no device definition found with that id");
      return deviceDefinitionNode(vehicle, manufacturerOf(vehicle.make), ctx);
    },

    aftermarketDevice(args: { by: By }) {
      const owner = findDevice("aftermarket", args.by);
      if (!owner) throw noRows();
      return aftermarketNode(owner, ctx);
    },
    aftermarketDevices(
      args: PageArgs & { filterBy?: { owner?: unknown; beneficiary?: unknown; manufacturerId?: number | null } | null },
    ) {
      const owner = optionalAddress(args.filterBy?.owner, "owner");
      const beneficiary = optionalAddress(args.filterBy?.beneficiary, "beneficiary");
      const manufacturerId = args.filterBy?.manufacturerId;
      const matches = withDevice("aftermarket").filter(
        (v) =>
          (!owner || v.owner === owner) &&
          (!beneficiary || v.owner === beneficiary) &&
          (!isGiven(manufacturerId) || deviceOf(v)?.manufacturer.tokenId === manufacturerId),
      );
      return devicePage(matches, args, (v) => aftermarketNode(v, ctx));
    },
    syntheticDevice(args: { by: By }) {
      const owner = findDevice("synthetic", args.by);
      if (owner) return syntheticNode(owner, ctx);
      throw notFound(
        isGiven(args.by.address)
          ? `No synthetic device with address ${String(args.by.address)}.`
          : `No synthetic device with token id ${String(args.by.tokenId ?? "")}.`,
      );
    },
    syntheticDevices(args: PageArgs & { filterBy?: { owner?: unknown; integrationId?: number | null } | null }) {
      const owner = optionalAddress(args.filterBy?.owner, "owner");
      const matches = withDevice("synthetic").filter(
        (v) => (!owner || v.owner === owner) && !isGiven(args.filterBy?.integrationId),
      );
      return devicePage(matches, args, (v) => syntheticNode(v, ctx));
    },

    connections: (args: PageArgs) => pageByPosition([TESLA_CONNECTION], args, () => connectionNode()),
    connection(args: { by: By }) {
      const c = TESLA_CONNECTION;
      const { name, address, tokenId } = args.by;
      if (
        name === c.name ||
        String(tokenId) === String(c.tokenId) ||
        String(address).toLowerCase() === c.address.toLowerCase()
      ) {
        return connectionNode();
      }
      throw notFound(
        `No connection with ${isGiven(name) ? `name ${JSON.stringify(name)}` : isGiven(tokenId) ? `token id ${String(tokenId)}` : `address ${String(address)}`}.`,
      );
    },

    dcn(args: { by: By }) {
      const match = ctx.vehicles.all().find((v) => {
        const dcn = dcnOf(v);
        return dcn && (dcn.name === args.by.name || dcnNode(v, dcn, ctx).node === args.by.node);
      });
      const dcn = match && dcnOf(match);
      if (!match || !dcn) throw noRows();
      return dcnNode(match, dcn, ctx);
    },
    dcns(args: PageArgs & { filterBy?: { owner?: unknown } | null }) {
      const owner = optionalAddress(args.filterBy?.owner, "owner");
      const named = ctx.vehicles.all().filter((v) => dcnOf(v) && (!owner || v.owner === owner));
      return pageByPosition(named, args, (v) => dcnNode(v, dcnOf(v) ?? { name: "", mintedAt: 0 }, ctx));
    },

    rewards(args: { user: unknown }) {
      const user = parseAddress(args.user, "user");
      return earningsNode(
        earningsOfVehicles(
          ctx.vehicles.all().filter((v) => v.owner === user),
          ctx,
        ),
        ctx,
      );
    },
    /** No seeded vehicle is staked on. */
    stakes: (args: PageArgs) => emptyConnection(args),

    templates: (args: PageArgs) => pageByPosition(PERMISSION_TEMPLATES, args, templateNode),
    template(args: { by: { tokenId?: string | null; cid?: string | null } }) {
      const { tokenId, cid } = args.by;
      if ([tokenId, cid].filter(isGiven).length !== 1)
        throw new GraphQLError("must specify exactly one of `TokenID` or `Cid`");
      const found = PERMISSION_TEMPLATES.find((t) => String(t.tokenId) === tokenId || t.cid === cid);
      return found ? templateNode(found) : null;
    },

    account(args: { by: { address?: unknown } }) {
      if (!isGiven(args.by.address)) throw new GraphQLError("must provide an address");
      return { address: args.by.address, sacds: (page: PageArgs) => emptyConnection(page) };
    },
  };
}

/** Devices paged by their own token ids, highest first, as the real device lists page. */
function devicePage<T>(vehicles: VehicleRecord[], args: PageArgs, toNode: (v: VehicleRecord) => T) {
  const tokenIdOf = (v: VehicleRecord) => deviceOf(v)?.tokenId ?? 0;
  const sorted = [...vehicles].sort((a, b) => tokenIdOf(b) - tokenIdOf(a));
  return mapConnection(paginate(sorted, tokenIdOf, args), toNode);
}
