import "server-only";
import { DimoError } from "../errors";
import { redact } from "../redact";
import { type GraphQLError } from "../schemas/telemetry";
import { type VehicleQueryTarget, postVehicleQuery } from "../vehicle-query";

/** What every Fetch API query shares: the request, and how an answer's errors become a DimoError in words. */

export interface FetchTarget extends VehicleQueryTarget {
  /** The vehicle's DID, the subject every query names. */
  did: string;
}

export const postFetchQuery = (target: FetchTarget, query: string, variables: Record<string, unknown>) =>
  postVehicleQuery("fetch", target, query, variables);

/**
 * The service's refusals (fetch-api `internal/graph/resolver.go`): a token without raw-data access, and a token for
 * another vehicle. Both arrive as GraphQL errors of a 200 answer.
 */
const NO_PERMISSION = /does not have required permission/i;
const NO_SUBJECT = /does not have access to this subject/i;

/** Every error of an answer that has no data to show, as one DimoError in the vocabulary of the rest of the client. */
export function fetchFailure(errors: readonly GraphQLError[], what: string): DimoError {
  const first = errors[0];
  const reasons = errors.map((error) => redact(error.message)).join("; ");
  const base = {
    service: "fetch" as const,
    status: 200,
    retryable: false,
    upstreamCode: first?.extensions?.code,
    upstreamMessage: first?.message,
  };
  if (errors.some((error) => NO_PERMISSION.test(error.message))) {
    return new DimoError({
      ...base,
      code: "PRIVILEGE_MISSING",
      message:
        `DIMO's fetch service refused ${what}: the Vehicle JWT carries no raw-data access (privilege 7). ` +
        "Ask the vehicle's owner to share Raw data with the license.",
    });
  }
  if (errors.some((error) => NO_SUBJECT.test(error.message))) {
    return new DimoError({
      ...base,
      code: "FORBIDDEN",
      message: `DIMO's fetch service refused ${what}: the Vehicle JWT is for another vehicle.`,
    });
  }
  return new DimoError({
    ...base,
    code: "BAD_REQUEST",
    message: `fetch query for ${what} failed: ${reasons || "no data in the answer"}`,
  });
}
