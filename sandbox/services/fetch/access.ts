import { GraphQLError } from "graphql";
import { privilegeInfo } from "@/lib/protocol";
import { type TelemetryClaims } from "../telemetry/access";

/**
 * The Fetch API's checks, worded as DIMO's fetch-api words them (internal/graph/resolver.go): a token first, then raw
 * data access (the RAW_DATA privilege, or both all-time location and non-location history, which imply it), then the
 * subject, which must be the token's asset exactly or a device paired with it. Each failure is a GraphQL error.
 */

const NO_CLAIMS = "unauthorized: no token claims";
const NO_PERMISSION = "unauthorized: token does not have required permission for this operation";
const NO_ACCESS_TO_SUBJECT = "unauthorized: token does not have access to this subject";

const RAW_DATA = privilegeInfo(7).permission;
const LOCATION_HISTORY = privilegeInfo(4).permission;
const NON_LOCATION_HISTORY = privilegeInfo(1).permission;

export function requireRawData(claims: TelemetryClaims | null): TelemetryClaims {
  if (!claims) throw new GraphQLError(NO_CLAIMS);
  const { permissions } = claims;
  const history = permissions.includes(LOCATION_HISTORY) && permissions.includes(NON_LOCATION_HISTORY);
  if (!permissions.includes(RAW_DATA) && !history) throw new GraphQLError(NO_PERMISSION);
  return claims;
}

/**
 * The subject to search: the token's asset when the DID names it exactly, or a device DID whose vehicle is the asset
 * (`pairedDeviceOf` gives the DID of the device paired with the asset's vehicle, or null).
 */
export function requireSubject(claims: TelemetryClaims, did: string, pairedDevice: string | null): string {
  if (did === claims.asset) return did;
  if (pairedDevice !== null && did.toLowerCase() === pairedDevice.toLowerCase()) return pairedDevice;
  throw new GraphQLError(NO_ACCESS_TO_SUBJECT);
}
