import { getAddress } from "viem";
import { vehicleDid } from "@/lib/protocol";
import { type SandboxContext } from "../../context";
import {
  dcnOf,
  deviceDefinitionOf,
  deviceOf,
  earningsOf,
  type Manufacturer,
  manufacturerOf,
  type PermissionTemplate,
  TESLA_CONNECTION,
  type WeeklyEarning,
  type WorldVehicle,
} from "../../seed/identity-world";
import { isoSeconds } from "../../seed/times";
import { deterministicWallet } from "../../seed/wallets";
import { powertrainOf } from "../../seed/energy";
import { type GrantRecord, type VehicleRecord } from "../../store/vehicle-store";
import { globalId } from "./global-id";
import { parseAddress } from "./lookups";
import { emptyConnection, type PageArgs, pageByPosition } from "./paging";

/** The identity objects around a vehicle, as the schema sees them. */
const did = (contract: string, tokenId: number) => `did:erc721:137:${contract}:${tokenId}`;
/** The sandbox's own contracts for these NFTs, derived like its wallets so none is mistaken for a real one. */
const contract = (name: string) => deterministicWallet(`${name} contract`).address;
const MANUFACTURER_CONTRACT = contract("manufacturer");
const AFTERMARKET_CONTRACT = contract("aftermarket device");
const SYNTHETIC_CONTRACT = contract("synthetic device");
const DCN_CONTRACT = contract("dcn");
const CONNECTION_CONTRACT = contract("connection");

const vehicleFor = (tokenId: number, ctx: SandboxContext) => {
  const record = ctx.vehicles.get(tokenId);
  return record ? new VehicleNode(record, ctx) : null;
};

export function manufacturerNode(manufacturer: Manufacturer, ctx: SandboxContext) {
  const vehicles = () => ctx.vehicles.all().filter((v) => v.make === manufacturer.name);
  return {
    __typename: "Manufacturer",
    id: globalId("M", manufacturer.tokenId),
    tokenId: manufacturer.tokenId,
    tokenDID: did(MANUFACTURER_CONTRACT, manufacturer.tokenId),
    name: manufacturer.name,
    owner: manufacturer.owner,
    tableId: manufacturer.tokenId,
    mintedAt: isoSeconds(manufacturer.mintedAt),
    aftermarketDevices: (args: PageArgs) =>
      pageByPosition(
        ctx.vehicles.all().filter((v) => deviceOf(v)?.manufacturer.tokenId === manufacturer.tokenId),
        args,
        (v) => aftermarketNode(v, ctx),
      ),
    deviceDefinitions: (args: PageArgs & { filterBy?: { model?: string | null; year?: number | null } | null }) => {
      const definitions = new Map(vehicles().map((v) => [v.definitionId, v]));
      const wanted = [...definitions.values()].filter(
        (v) =>
          (args.filterBy?.model == null || v.model === args.filterBy.model) &&
          (args.filterBy?.year == null || v.year === args.filterBy.year),
      );
      return pageByPosition(wanted, args, (v) => deviceDefinitionNode(v, manufacturer, ctx));
    },
  };
}

export function deviceDefinitionNode(vehicle: WorldVehicle, manufacturer: Manufacturer, ctx: SandboxContext) {
  const definition = deviceDefinitionOf(vehicle);
  return {
    deviceDefinitionId: definition.id,
    legacyId: null,
    manufacturer: manufacturerNode(manufacturer, ctx),
    model: definition.model,
    year: definition.year,
    deviceType: definition.deviceType,
    imageURI: null,
    attributes: [{ name: "powertrain_type", value: powertrainOf(definition.model).type }],
  };
}

export function aftermarketNode(vehicle: WorldVehicle, ctx: SandboxContext) {
  const device = deviceOf(vehicle);
  if (!device || device.kind !== "aftermarket") return null;
  return {
    __typename: "AftermarketDevice",
    id: globalId("AD", device.tokenId),
    tokenId: device.tokenId,
    tokenDID: did(AFTERMARKET_CONTRACT, device.tokenId),
    manufacturer: manufacturerNode(device.manufacturer, ctx),
    address: device.address,
    owner: getAddress(device.owner),
    serial: device.serial,
    imei: null,
    devEUI: null,
    hardwareRevision: null,
    mintedAt: isoSeconds(device.mintedAt),
    claimedAt: isoSeconds(device.mintedAt),
    vehicle: () => vehicleFor(device.vehicleTokenId, ctx),
    beneficiary: getAddress(device.owner),
    name: `AutoPi ${device.serial ?? device.tokenId}`,
    image: "",
    earnings: () => earningsNode(earningsOfVehicles([vehicle], ctx), ctx),
    pairedAt: isoSeconds(device.mintedAt),
  };
}

export function syntheticNode(vehicle: WorldVehicle, ctx: SandboxContext) {
  const device = deviceOf(vehicle);
  if (!device || device.kind !== "synthetic") return null;
  return {
    __typename: "SyntheticDevice",
    id: globalId("S", device.tokenId),
    name: `${vehicle.make} connection ${device.tokenId}`,
    tokenId: device.tokenId,
    tokenDID: did(SYNTHETIC_CONTRACT, device.tokenId),
    integrationId: 0,
    address: device.address,
    mintedAt: isoSeconds(device.mintedAt),
    vehicle: () => vehicleFor(device.vehicleTokenId, ctx),
    connection: () => connectionNode(),
  };
}

export function connectionNode() {
  const c = TESLA_CONNECTION;
  return {
    name: c.name,
    address: c.address,
    owner: c.owner,
    tokenId: String(c.tokenId),
    tokenDID: did(CONNECTION_CONTRACT, c.tokenId),
    mintedAt: isoSeconds(c.mintedAt),
    sacds: (args: PageArgs) => emptyConnection(args),
  };
}

export function dcnNode(vehicle: WorldVehicle, dcn: { name: string; mintedAt: number }, ctx: SandboxContext) {
  const nodeHash = `0x${Buffer.from(dcn.name).toString("hex").padEnd(64, "0").slice(0, 64)}`;
  return {
    __typename: "DCN",
    id: globalId("D", vehicle.tokenId),
    node: nodeHash,
    tokenId: BigInt(nodeHash).toString(),
    tokenDID: did(DCN_CONTRACT, vehicle.tokenId),
    owner: getAddress(vehicle.owner),
    expiresAt: null,
    mintedAt: isoSeconds(dcn.mintedAt),
    name: dcn.name,
    vehicle: () => vehicleFor(vehicle.tokenId, ctx),
  };
}

export function earningsOfVehicles(vehicles: readonly WorldVehicle[], ctx: SandboxContext): WeeklyEarning[] {
  return vehicles
    .flatMap((v) => earningsOf(v, ctx.clock.nowMs()))
    .sort((a, b) => b.week - a.week || b.vehicleTokenId - a.vehicleTokenId);
}

const tokens = (amount: number) => amount.toFixed(3);

/** Total and history of weekly earnings, newest week first. */
export function earningsNode(weeks: readonly WeeklyEarning[], ctx: SandboxContext) {
  const total = weeks.reduce((sum, w) => sum + Number(w.deviceTokens) + Number(w.streakTokens), 0);
  return {
    totalTokens: tokens(total),
    history: (args: PageArgs) =>
      pageByPosition(weeks, args, (w) => ({
        week: w.week,
        beneficiary: getAddress(w.beneficiary),
        connectionStreak: w.connectionStreak,
        streakTokens: w.streakTokens,
        aftermarketDevice: () => (w.device.kind === "aftermarket" ? vehicleWorld(w, ctx, aftermarketNode) : null),
        aftermarketDeviceTokens: w.device.kind === "aftermarket" ? w.deviceTokens : "0",
        syntheticDevice: () => (w.device.kind === "synthetic" ? vehicleWorld(w, ctx, syntheticNode) : null),
        syntheticDeviceTokens: w.device.kind === "synthetic" ? w.deviceTokens : "0",
        vehicle: () => vehicleFor(w.vehicleTokenId, ctx),
        sentAt: isoSeconds(w.sentAt),
      })),
  };
}

function vehicleWorld<T>(w: WeeklyEarning, ctx: SandboxContext, toNode: (v: WorldVehicle, c: SandboxContext) => T) {
  const record = ctx.vehicles.get(w.vehicleTokenId);
  return record ? toNode(record, ctx) : null;
}

export const templateNode = (template: PermissionTemplate) => ({
  tokenId: String(template.tokenId),
  creator: template.creator,
  asset: template.asset,
  permissions: template.permissions,
  cid: template.cid,
  createdAt: isoSeconds(template.createdAt),
});

const sacdNode = (grant: GrantRecord) => ({
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
