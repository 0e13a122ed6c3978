import { type ExecutionResult, GraphQLError } from "graphql";
import { type JWTPayload } from "jose";
import { vehicleDid } from "@/lib/protocol";
import { type SandboxContext } from "../../context";

/** The app name the Telemetry API deducts under. */
const TELEMETRY_APP = "telemetry-api";

/** What the Telemetry API charges a query: one credit, whatever it asks (its cost calculator is unused). */
const TELEMETRY_QUERY_CREDITS = 1;

/**
 * Whether a query failed through the service's own fault: an error coded as an internal one, or a resolver that
 * threw something other than a GraphQL error.
 */
function failedInternally(result: ExecutionResult): boolean {
  return (result.errors ?? []).some(
    (error) =>
      error.extensions?.code === "INTERNAL_SERVER_ERROR" ||
      (error.originalError !== undefined && !(error.originalError instanceof GraphQLError)),
  );
}

/**
 * The Telemetry API's credit middleware (telemetry-api's dtcmiddleware): an executed query with a Vehicle JWT is
 * charged 1 credit to the token's license (its `sub`) for the token's vehicle, and refunded when the failure was the
 * service's own. The query is served either way: a failed deduction does not refuse it.
 */
export function chargeTelemetryQuery(
  ctx: SandboxContext,
  payload: JWTPayload | null,
  tokenId: string | null,
  result: ExecutionResult,
): void {
  if (!payload || typeof payload.sub !== "string" || !/^0x[0-9a-fA-F]{40}$/.test(payload.sub) || tokenId === null) {
    return;
  }
  const assetDid = vehicleDid(BigInt(tokenId));
  const referenceId = ctx.credits.deduct(payload.sub, assetDid, TELEMETRY_QUERY_CREDITS, TELEMETRY_APP);
  if (referenceId !== null && failedInternally(result)) ctx.credits.refund(TELEMETRY_APP, referenceId);
}
