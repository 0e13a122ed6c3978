import "server-only";
import {
  ATTESTATION_FEATURES,
  type AttestationCreated,
  type AttestationRequest,
  type CredentialList,
  HEALTH_MAX_RANGE_MS,
} from "@/lib/models/attestation";
import { CREDENTIALS_SCOPE, fetchCredentials, fetchLastFixTime, postAttestation } from "../attestation";
import { SingleFlight } from "../single-flight";
import { type TelemetryTarget } from "../telemetry/query";
import { type ClientContext, assertPositiveInteger } from "./context";

/**
 * The Attestation API's part of the DIMO client: a credential made with a click, and the vehicle's credentials as
 * the Telemetry API lists them. Each creation is checked against its own privilege before any token is asked for;
 * the list alone asks for a token with access to the vehicle's attestation events.
 */

export interface AttestationMethods {
  /**
   * Has DIMO's attester sign a credential of the vehicle's data. Identical requests made while one is in flight
   * share it, so a double click makes one credential.
   */
  createAttestation(tokenId: number, request: AttestationRequest): Promise<AttestationCreated>;
  /** The vehicle's credentials, newest first: at most `limit`, 50 by default. */
  listCredentials(tokenId: number, limit?: number): Promise<CredentialList>;
}

function assertTime(value: string | undefined, name: string): void {
  if (value !== undefined && Number.isNaN(Date.parse(value)))
    throw new TypeError(`${name} must be an ISO date and time`);
}

/** The service's own rules on times, checked before a token is spent on a request it would refuse. */
function assertValid(request: AttestationRequest): void {
  if (request.kind === "odometer" || request.kind === "position") assertTime(request.timestamp, "timestamp");
  if (request.kind !== "health") return;
  assertTime(request.startTime, "startTime");
  assertTime(request.endTime, "endTime");
  const range = Date.parse(request.endTime) - Date.parse(request.startTime);
  if (range < 0) throw new TypeError("startTime must come before endTime");
  if (range > HEALTH_MAX_RANGE_MS) throw new TypeError("a health range is at most 30 days long");
}

export function attestationMethods({ http, config, withAccess }: ClientContext): AttestationMethods {
  const creations = new SingleFlight<AttestationCreated>();
  const telemetry = (tokenId: number, token: string): TelemetryTarget => ({
    http,
    baseUrl: config.urls.telemetry,
    token,
    tokenId,
  });

  return {
    async createAttestation(tokenId, request) {
      assertValid(request);
      return creations.run(`${tokenId}:${JSON.stringify(request)}`, () =>
        withAccess(tokenId, ATTESTATION_FEATURES[request.kind], async (token) => {
          const resolved =
            request.kind === "position" && !request.timestamp
              ? { ...request, timestamp: await fetchLastFixTime(telemetry(tokenId, token)) }
              : request;
          return postAttestation({ http, baseUrl: config.urls.attestation, token, tokenId }, resolved);
        }),
      );
    },

    listCredentials(tokenId, limit) {
      if (limit !== undefined) assertPositiveInteger(limit, "limit");
      return withAccess(
        tokenId,
        "attestations",
        (token) => fetchCredentials(telemetry(tokenId, token), limit),
        CREDENTIALS_SCOPE,
      );
    },
  };
}
