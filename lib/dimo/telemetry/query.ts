import "server-only";
import { type LatLng, type TelemetryRefusal } from "@/lib/models";
import { DimoError } from "../errors";
import { redact } from "../redact";
import { type GraphQLError } from "../schemas/telemetry";
import { type VehicleQueryTarget, postVehicleQuery } from "../vehicle-query";

/** What every Telemetry API query shares: the request, and how an answer's errors become refusals or a DimoError. */

export type TelemetryTarget = VehicleQueryTarget;

export const postQuery = (target: TelemetryTarget, query: string, variables: Record<string, unknown>) =>
  postVehicleQuery("telemetry", target, query, variables);

/** The field an error is about: the last name on its path (`["signalsLatest", "speed"]` is about `speed`). */
function fieldOf(error: GraphQLError): string | undefined {
  const names = (error.path ?? []).filter((part): part is string => typeof part === "string");
  return names.at(-1);
}

/** A refusal of one field for want of a privilege, as opposed to a broken query or an outage. */
export function isPrivilegeRefusal(error: GraphQLError): boolean {
  const code = error.extensions?.code ?? "";
  return (
    /^(UNAUTHORIZED|FORBIDDEN|UNAUTHENTICATED)$/i.test(code) ||
    /privilege|permission|not allowed|unauthori[sz]ed|forbidden/i.test(error.message)
  );
}

const reasonOf = (error: GraphQLError) => redact(error.message);

/** Every error of an answer that has no data to show, as one DimoError in the vocabulary of the rest of the client. */
export function failure(errors: readonly GraphQLError[], what: string): DimoError {
  const first = errors[0];
  const reasons = errors.map(reasonOf).join("; ");
  const refused = errors.length > 0 && errors.every(isPrivilegeRefusal);
  return new DimoError({
    service: "telemetry",
    status: 200,
    code: refused ? "PRIVILEGE_MISSING" : "BAD_REQUEST",
    message: refused
      ? `DIMO's telemetry service refused ${what}: ${reasons}. Ask the vehicle's owner to share the privilege it names.`
      : `telemetry query for ${what} failed: ${reasons || "no data in the answer"}`,
    retryable: false,
    upstreamCode: first?.extensions?.code,
    upstreamMessage: first?.message,
  });
}

export const refusalsOf = (errors: readonly GraphQLError[]): TelemetryRefusal[] =>
  errors.filter(isPrivilegeRefusal).map((error) => ({ field: fieldOf(error) ?? "query", reason: reasonOf(error) }));

export const toLatLng = (value: { latitude: number; longitude: number }): LatLng => ({
  latitude: value.latitude,
  longitude: value.longitude,
});

/**
 * A time that says something: the real service reports a vehicle without data as last seen in 1900 (and Go's zero
 * time is year 1), so a time before 2000 means "never".
 */
const EARLIEST_REAL_TIME = Date.parse("2000-01-01T00:00:00Z");
export const seenAt = (iso: string | null | undefined): string | null =>
  iso && Date.parse(iso) >= EARLIEST_REAL_TIME ? iso : null;

/** A Go-style duration as the service takes it ("5m", "1h"): checked before it is written into a query. */
export const GO_DURATION = /^(\d+(ms|s|m|h))+$/;
