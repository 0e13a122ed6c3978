import "server-only";
import { type DimoService } from "@/lib/config";
import { type PrivilegeId, privilegeInfo } from "@/lib/protocol";
import { DimoError } from "./errors";
import { type VehicleRecord } from "./vehicles";

/**
 * Checks a data call against the vehicle's grant before any token is asked for, and picks the privileges to ask the
 * exchange for. Those are the granted ones among what the dashboard uses, so one Vehicle JWT per vehicle serves
 * trips, valuations and offers alike.
 */

/** Privileges the dashboard's pages use: non-location history (1), location history (4), VIN credential (5). */
export const DASHBOARD_PRIVILEGES: readonly PrivilegeId[] = [1, 4, 5];

/** A call needs at least one of these privileges (instant offers accept 1 or 5; everything else needs one). */
export interface Requirement {
  service: DimoService;
  anyOf: readonly PrivilegeId[];
  /** What the call is for, in words: "trips", "instant offers". */
  purpose: string;
}

const named = (id: PrivilegeId) => `${privilegeInfo(id).label} (privilege ${id})`;

function missingMessage(requirement: Requirement): string {
  const [only, ...others] = requirement.anyOf;
  if (only !== undefined && others.length === 0) {
    return `This vehicle's grant does not include ${named(only)}, which ${requirement.purpose} need. Ask the owner to share it.`;
  }
  const list = requirement.anyOf.map(named).join(" or ");
  return `This vehicle's grant includes neither ${list}; ${requirement.purpose} need one of them. Ask the owner to share it.`;
}

/** The privileges to ask the exchange for, or a DimoError that says why the call cannot be made. */
export function privilegesFor(tokenId: number, record: VehicleRecord | null, requirement: Requirement): PrivilegeId[] {
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
      service: requirement.service,
      status: null,
      code: "VEHICLE_NOT_SHARED",
      message: `Vehicle ${tokenId} is not shared with this Developer License.${ended} Ask the owner to share it.`,
      retryable: false,
    });
  }
  if (!requirement.anyOf.some((id) => grant.privileges.includes(id))) {
    throw new DimoError({
      service: requirement.service,
      status: null,
      code: "PRIVILEGE_MISSING",
      message: missingMessage(requirement),
      retryable: false,
    });
  }
  return DASHBOARD_PRIVILEGES.filter((id) => grant.privileges.includes(id));
}
