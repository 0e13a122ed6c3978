import "server-only";
import { DASHBOARD_PRIVILEGES, FEATURES, type Feature, describeMissing, missingFor } from "@/lib/features";
import { type PrivilegeId } from "@/lib/protocol";
import { DimoError } from "./errors";
import { type VehicleRecord } from "./vehicles";

/**
 * Checks a data call against the vehicle's grant before any token is asked for (the rules are lib/features.ts), and
 * picks the privileges to ask the exchange for: the granted ones among what the dashboard uses, so one Vehicle JWT
 * per vehicle serves trips, valuations and offers alike.
 */

function missingMessage(feature: Feature, missing: PrivilegeId[]): string {
  const { purpose, anyOf } = FEATURES[feature];
  const needed = describeMissing(feature, missing);
  if (anyOf.length > 1 && missing.length === anyOf.length) {
    return `This vehicle's grant includes neither ${needed.replace(" or ", " nor ")}; ${purpose} need one of them. Ask the owner to share it.`;
  }
  return `This vehicle's grant does not include ${needed}, which ${purpose} need. Ask the owner to share it.`;
}

/**
 * The privileges to ask the exchange for, or a DimoError that says why the call cannot be made. Without a feature
 * (a token refresh, a copy) any one privilege the dashboard uses is enough.
 */
export function privilegesFor(tokenId: number, record: VehicleRecord | null, feature?: Feature): PrivilegeId[] {
  const service = feature === undefined ? "tokenExchange" : FEATURES[feature].service;
  if (record === null) {
    throw new DimoError({
      service: "identity",
      status: 404,
      code: "VEHICLE_NOT_FOUND",
      message: `There is no vehicle with token id ${tokenId}.`,
      retryable: false,
    });
  }
  const { grant } = record.vehicle;
  if (grant === null) {
    const ended = record.grantExpiredAt ? ` The owner's grant ended on ${record.grantExpiredAt.slice(0, 10)}.` : "";
    throw new DimoError({
      service,
      status: null,
      code: "VEHICLE_NOT_SHARED",
      message: `Vehicle ${tokenId} is not shared with this Developer License.${ended} Ask the owner to share it.`,
      retryable: false,
    });
  }
  const granted = DASHBOARD_PRIVILEGES.filter((id) => grant.privileges.includes(id));
  const missing =
    feature === undefined ? (granted.length === 0 ? [...DASHBOARD_PRIVILEGES] : []) : missingFor(grant, feature);
  if (missing.length > 0) {
    throw new DimoError({
      service,
      status: null,
      code: "PRIVILEGE_MISSING",
      message:
        feature === undefined
          ? "This vehicle's grant includes none of the privileges the dashboard's pages use. Ask the owner to share one."
          : missingMessage(feature, missing),
      retryable: false,
    });
  }
  return granted;
}
