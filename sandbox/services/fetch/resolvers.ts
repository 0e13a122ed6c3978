import { type GraphQLFieldResolver, type GraphQLObjectType, type GraphQLSchema } from "graphql";
import { vehicleDid } from "@/lib/protocol";
import { type SandboxContext } from "../../context";
import { deviceDid } from "../attestation/vin";
import { type TelemetryClaims } from "../telemetry/access";
import { SANDBOX_SIGNAL_SOURCE, vehicleSource } from "../telemetry/vehicle-data";
import { vinOf } from "../telemetry/vin";
import { requireRawData, requireSubject } from "./access";
import { presignBlob } from "./blobs";
import { type FetchEvent } from "./cloud-event";
import { credentialEvents, repairShopEvents } from "./documents";
import { type CloudEventFilter, listEvents, type SubjectEvents, summariseTypes } from "./event-query";

export interface FetchContext {
  sandbox: SandboxContext;
  claims: TelemetryClaims | null;
  nowUs: number;
  /** The Fetch API's address as the client reached it, for the download addresses of large payloads. */
  baseUrl: string;
}

interface QueryArgs {
  did: string;
  limit?: number | null;
  filter?: CloudEventFilter | null;
  includeDeleted?: boolean | null;
}

type Resolver = GraphQLFieldResolver<unknown, FetchContext, QueryArgs>;

const DEFAULT_LIMIT = 10;
/** The most rows one query returns, whatever limit it asks for. */
const MAX_LIMIT = 1000;

/** A limit as the real resolver reads it: the default when absent or not positive, at most 1000. */
const limitOf = (limit: number | null | undefined) =>
  Math.min(limit != null && limit > 0 ? limit : DEFAULT_LIMIT, MAX_LIMIT);

const VEHICLE_DID = /^did:erc721:137:(0x[0-9a-fA-F]{40}):(\d+)$/;

/** The token's vehicle, when its asset is one of the sandbox's vehicles. */
function assetVehicle(ctx: SandboxContext, claims: TelemetryClaims) {
  const match = VEHICLE_DID.exec(claims.asset);
  if (!match || claims.asset !== vehicleDid(Number(match[2]))) return undefined;
  return ctx.vehicles.get(Number(match[2]));
}

/** Checks the token and the DID, then gathers what the subject's events come from. */
async function subjectFor(context: FetchContext, did: string): Promise<SubjectEvents> {
  const claims = requireRawData(context.claims);
  const { sandbox, nowUs } = context;
  const vehicle = assetVehicle(sandbox, claims);
  const device = vehicle ? deviceDid(vehicle) : null;
  const subject = requireSubject(claims, did, device);
  const empty: SubjectEvents = { subject, nowUs, device: null, documents: [] };
  // A paired device's DID is a subject of its own, which holds none of the vehicle's events.
  if (!vehicle || subject !== claims.asset) return empty;
  const source = vehicleSource(sandbox, vehicle.tokenId);
  const documents = credentialEvents(sandbox.attestations, vehicle.tokenId);
  const firstTrip = source?.drives.firstStartedFrom(vehicle.tokenId, 0);
  if (firstTrip) documents.push(...(await repairShopEvents(vehicle.tokenId, subject, firstTrip)));
  if (!source || !device) return { ...empty, documents };
  return {
    ...empty,
    documents,
    device: {
      source,
      origin: { subject, source: SANDBOX_SIGNAL_SOURCE, producer: device },
      vin: vinOf(vehicle.tokenId, vehicle.make, vehicle.year),
    },
  };
}

const filterOf = (args: QueryArgs) => args.filter ?? {};
const includeDeleted = (args: QueryArgs) => args.includeDeleted === true;

const query: Record<string, Resolver> = {
  latestIndex: async (_source, args, context) =>
    listEvents(await subjectFor(context, args.did), filterOf(args), includeDeleted(args), 1)[0] ?? null,
  indexes: async (_source, args, context) =>
    listEvents(await subjectFor(context, args.did), filterOf(args), includeDeleted(args), limitOf(args.limit)),
  latestCloudEvent: async (_source, args, context) =>
    listEvents(await subjectFor(context, args.did), filterOf(args), includeDeleted(args), 1)[0] ?? null,
  cloudEvents: async (_source, args, context) =>
    listEvents(await subjectFor(context, args.did), filterOf(args), includeDeleted(args), limitOf(args.limit)),
  availableCloudEventTypes: async (_source, args, context) =>
    summariseTypes(await subjectFor(context, args.did), filterOf(args), includeDeleted(args)),
};

type EventResolver = GraphQLFieldResolver<FetchEvent, FetchContext>;

/** A payload stored as a blob has neither `data` nor `dataBase64`, only its download address. */
const cloudEvent: Record<string, EventResolver> = {
  header: (event) => event.header,
  data: (event) => (event.data ? event.data() : null),
  dataBase64: () => null,
  dataUrl: (event, _args, context) =>
    event.blobKey ? presignBlob(context.sandbox, context.baseUrl, event.blobKey) : null,
};

const cloudEventIndex: Record<string, EventResolver> = {
  header: (event) => event.header,
  indexKey: (event) => event.indexKey,
};

export function installFetchResolvers(schema: GraphQLSchema): void {
  const install = (typeName: string, resolvers: Record<string, GraphQLFieldResolver<never, FetchContext>>) => {
    const fields = (schema.getType(typeName) as GraphQLObjectType).getFields();
    for (const [name, resolve] of Object.entries(resolvers)) (fields[name] as { resolve?: unknown }).resolve = resolve;
  };
  install("Query", query as Record<string, GraphQLFieldResolver<never, FetchContext>>);
  install("CloudEvent", cloudEvent as Record<string, GraphQLFieldResolver<never, FetchContext>>);
  install("CloudEventIndex", cloudEventIndex as Record<string, GraphQLFieldResolver<never, FetchContext>>);
}
