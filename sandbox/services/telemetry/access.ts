import {
  defaultFieldResolver,
  type GraphQLFieldResolver,
  GraphQLError,
  type GraphQLObjectType,
  type GraphQLSchema,
  Kind,
  type ConstDirectiveNode,
} from "graphql";
import { type JWTPayload } from "jose";
import { privilegeInfo, VEHICLE_NFT_CONTRACT } from "@/lib/protocol";

/**
 * The Telemetry API's checks, as its directives run them (internal/auth in DIMO's telemetry-api): a field marked
 * @requiresVehicleToken needs a Vehicle JWT for the vehicle named by its `tokenId` argument; @requiresAllOfPrivileges
 * and @requiresOneOfPrivilege need the token's `permissions`. A failed check is a GraphQL error on that field, worded
 * as the real service words it, and `null` there; the other fields are still served.
 */

/** One grant of the token's `cloud_events` claim: an event type, a source and ids, each possibly "*". */
interface CloudEventGrant {
  eventType: string;
  source: string;
  ids: readonly string[];
}

/** What the directives (and the attestations resolver) read from a verified Vehicle JWT. */
export interface TelemetryClaims {
  /** The `asset` DID, as written in the token. */
  asset: string;
  contract: string;
  tokenId: string | null;
  permissions: readonly string[];
  /** The `cloud_events` grants; null when the token has no such claim. */
  cloudEvents: readonly CloudEventGrant[] | null;
}

export interface TelemetryRequestContext {
  claims: TelemetryClaims | null;
}

const PERMISSION_OF: Record<string, string> = {
  VEHICLE_NON_LOCATION_DATA: privilegeInfo(1).permission,
  VEHICLE_COMMANDS: privilegeInfo(2).permission,
  VEHICLE_CURRENT_LOCATION: privilegeInfo(3).permission,
  VEHICLE_ALL_TIME_LOCATION: privilegeInfo(4).permission,
  VEHICLE_VIN_CREDENTIAL: privilegeInfo(5).permission,
  VEHICLE_RAW_DATA: privilegeInfo(7).permission,
  VEHICLE_APPROXIMATE_LOCATION: privilegeInfo(8).permission,
};

const ASSET_DID = /^did:erc721:(\d+):(0x[0-9a-fA-F]{40}):(\d+)$/;

/** The claims of a verified token; null when its asset is not a vehicle DID (the real service refuses such a token). */
export function telemetryClaims(payload: JWTPayload): TelemetryClaims | null {
  const match = typeof payload.asset === "string" ? ASSET_DID.exec(payload.asset) : null;
  if (!match) return null;
  const permissions = Array.isArray(payload.permissions)
    ? payload.permissions.filter((p): p is string => typeof p === "string")
    : [];
  return {
    asset: payload.asset as string,
    contract: match[2] as string,
    tokenId: BigInt(match[3] as string).toString(),
    permissions,
    cloudEvents: cloudEventGrants(payload.cloud_events),
  };
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

function cloudEventGrants(claim: unknown): CloudEventGrant[] | null {
  if (typeof claim !== "object" || claim === null) return null;
  const events: unknown = (claim as { events?: unknown }).events;
  if (!Array.isArray(events)) return [];
  return events.flatMap((event: unknown) => {
    if (typeof event !== "object" || event === null) return [];
    const e = event as { eventType?: unknown; source?: unknown; ids?: unknown };
    const ids = Array.isArray(e.ids) ? e.ids.filter((id): id is string => typeof id === "string") : [];
    return [{ eventType: text(e.eventType), source: text(e.source), ids }];
  });
}

const unauthorized = (reason: string) => new GraphQLError(`unauthorized: ${reason}`);

function requireClaims(context: TelemetryRequestContext): TelemetryClaims {
  if (!context.claims) throw unauthorized("jwt missing");
  return context.claims;
}

function checkVehicleToken(context: TelemetryRequestContext, args: Record<string, unknown>): void {
  const claims = requireClaims(context);
  if (claims.contract.toLowerCase() !== VEHICLE_NFT_CONTRACT.toLowerCase()) {
    throw unauthorized(`contract in claim is ${claims.contract} instead of the required ${VEHICLE_NFT_CONTRACT}`);
  }
  if (typeof args.tokenId !== "number" || claims.tokenId !== String(args.tokenId))
    throw unauthorized("token id does not match");
}

function privilegesOf(directive: ConstDirectiveNode): string[] {
  const list = directive.arguments?.find((arg) => arg.name.value === "privileges")?.value;
  if (list?.kind !== Kind.LIST) return [];
  return list.values.flatMap((value) => (value.kind === Kind.ENUM ? [PERMISSION_OF[value.value] ?? value.value] : []));
}

function checkAllOf(context: TelemetryRequestContext, required: readonly string[]): void {
  const claims = requireClaims(context);
  for (const permission of required) {
    if (!claims.permissions.includes(permission)) throw unauthorized(`missing required privilege(s) ${permission}`);
  }
}

function checkOneOf(context: TelemetryRequestContext, required: readonly string[]): void {
  const claims = requireClaims(context);
  if (!required.some((permission) => claims.permissions.includes(permission))) {
    throw unauthorized(`requires at least one of the following privileges [${required.join(" ")}]`);
  }
}

/** Wraps every field of `types` that carries one of the directives with its checks, in the order they are written. */
export function guardFields(schema: GraphQLSchema, typeNames: readonly string[]): void {
  for (const typeName of typeNames) {
    const type = schema.getType(typeName) as GraphQLObjectType;
    for (const field of Object.values(type.getFields())) {
      const checks = (field.astNode?.directives ?? []).flatMap((directive) => {
        const name = directive.name.value;
        if (name === "requiresVehicleToken")
          return [(c: TelemetryRequestContext, args: Record<string, unknown>) => checkVehicleToken(c, args)];
        if (name === "requiresAllOfPrivileges") {
          const required = privilegesOf(directive);
          return [(c: TelemetryRequestContext) => checkAllOf(c, required)];
        }
        if (name === "requiresOneOfPrivilege") {
          const required = privilegesOf(directive);
          return [(c: TelemetryRequestContext) => checkOneOf(c, required)];
        }
        return [];
      });
      if (checks.length === 0) continue;
      const resolve: GraphQLFieldResolver<unknown, TelemetryRequestContext> = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context, info) => {
        for (const check of checks) check(context, args);
        return resolve(source, args, context, info);
      };
    }
  }
}

/** Whether a token's permissions allow a signal, for the snapshot's silent filtering (as the real resolver does). */
export function allowsSignal(claims: TelemetryClaims | null, anyOf: readonly number[]): boolean {
  if (!claims) return false;
  return anyOf.some((id) => claims.permissions.includes(privilegeInfo(id as 1).permission));
}
