import "server-only";
import {
  type AttestationCreated,
  type AttestationKind,
  type AttestationRequest,
  type Credential,
  type CredentialList,
} from "@/lib/models/attestation";
import { DimoError, isDimoError } from "./errors";
import { type HttpSettings, dimoFetch } from "./http";
import { parseResponse } from "./parse";
import { attestationCreatedSchema, attestationsAnswerSchema, lastFixAnswerSchema } from "./schemas/attestation";
import { type TelemetryTarget, failure, postQuery } from "./telemetry/query";
import { type VehicleJwtScope } from "./tokens";

/**
 * DIMO's Attestation API (`POST /v2/attestation/{route}/{tokenId}` with the Vehicle JWT), which signs a verifiable
 * credential from the vehicle's own data and keeps it; and the Telemetry API's `attestations`, which lists them.
 */

export interface AttestationTarget {
  http: HttpSettings;
  baseUrl: string;
  token: string;
  tokenId: number;
}

const ROUTES: Record<AttestationKind, string> = {
  vin: "vin",
  odometer: "odometer-statement",
  position: "vehicle-position",
  health: "vehicle-health",
};

/**
 * A refusal whose message is written for people where it is raised, since the service's own words ("No odometer data
 * found", "invalid claims") do not say what to do.
 */
export class WordedAttestationError extends DimoError {}

/** A credential the service could not make because the vehicle has not reported what it would attest. */
export class NothingToAttest extends WordedAttestationError {}

/** The Telemetry API's refusal to list credentials to a token without access to the vehicle's attestation events. */
export class CredentialsRefused extends WordedAttestationError {}

const utc = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

function nothingToAttest(request: AttestationRequest, cause: DimoError): NothingToAttest {
  let what: string;
  switch (request.kind) {
    case "vin":
      what = "The vehicle's device has not reported a VIN the attester can read.";
      break;
    case "odometer":
      what = request.timestamp
        ? `The vehicle reported no odometer reading within an hour of ${utc(request.timestamp)}.`
        : "The vehicle has not reported an odometer reading.";
      break;
    case "position":
      what = request.timestamp
        ? `The vehicle reported no location within an hour of ${utc(request.timestamp)}.`
        : "The vehicle has not reported a location.";
      break;
    case "health":
      what = `The vehicle reported no trouble codes or tire pressures between ${utc(request.startTime)} and ${utc(request.endTime)}.`;
      break;
  }
  const error = new NothingToAttest({
    service: cause.service,
    status: cause.status,
    code: "NOT_FOUND",
    message: `${what} DIMO attests only data the vehicle has sent; try again once it has driven or reported.`,
    retryable: false,
    upstreamCode: cause.upstreamCode,
    upstreamMessage: cause.upstreamMessage,
  });
  error.callId = cause.callId;
  return error;
}

/** The body each route takes: times only, which the activity log may keep. */
function bodyOf(request: AttestationRequest): Record<string, string> | undefined {
  switch (request.kind) {
    case "vin":
      return undefined;
    case "odometer":
    case "position":
      return request.timestamp ? { timestamp: request.timestamp } : {};
    case "health":
      return { startTime: request.startTime, endTime: request.endTime };
  }
}

/**
 * Asks the attester for a credential. Sent at most once: each request that reaches the service makes a credential,
 * so one whose answer got lost is not repeated.
 */
export async function postAttestation(
  target: AttestationTarget,
  request: AttestationRequest,
): Promise<AttestationCreated> {
  const body = bodyOf(request);
  try {
    const response = await dimoFetch(target.http, {
      service: "attestation",
      method: "POST",
      baseUrl: target.baseUrl,
      path: `/v2/attestation/${ROUTES[request.kind]}/${target.tokenId}`,
      bearer: target.token,
      ...(body === undefined ? {} : { body: { json: body }, logBody: true }),
      retry: "at-most-once",
      tokenKind: "vehicle",
      tokenId: target.tokenId,
    });
    // The credential was made whatever the answer looks like, so an odd body is not an error.
    const parsed = attestationCreatedSchema.safeParse(response.body);
    return {
      kind: request.kind,
      message: (parsed.success ? parsed.data.message : undefined) ?? "Credential created.",
      requestedAt: request.kind === "odometer" || request.kind === "position" ? (request.timestamp ?? null) : null,
    };
  } catch (error) {
    if (isDimoError(error) && error.service === "attestation" && error.status === 404) {
      throw nothingToAttest(request, error);
    }
    throw error;
  }
}

/**
 * The time of the vehicle's latest location fix (privilege 4, as the position credential itself), so that "attest
 * the position" attests where the vehicle last was rather than an hour it may not have reported in.
 */
export async function fetchLastFixTime(target: TelemetryTarget): Promise<string> {
  const query = `query LastFix($tokenId: Int!) {
  signalsLatest(tokenId: $tokenId) { currentLocationCoordinates { timestamp } }
}`;
  const body = parseResponse(
    lastFixAnswerSchema,
    await postQuery(target, query, { tokenId: target.tokenId }),
    "telemetry",
    "latest location",
  );
  const timestamp = body.data?.signalsLatest?.currentLocationCoordinates?.timestamp;
  if (timestamp) return timestamp;
  if ((body.errors ?? []).length > 0) throw failure(body.errors ?? [], "the latest location");
  throw new NothingToAttest({
    service: "telemetry",
    status: null,
    code: "NOT_FOUND",
    message: "The vehicle has not reported a location yet, so there is no position to attest.",
    retryable: false,
  });
}

/** The tag DIMO's attester gives each kind, and the data version it writes, for credentials that carry no tags. */
const KIND_TAGS: Record<string, AttestationKind> = {
  "vehicle.vin": "vin",
  "vehicle.odometer": "odometer",
  "vehicle.position": "position",
  "vehicle.health": "health",
};
const KIND_VERSIONS: [RegExp, AttestationKind][] = [
  [/^vin/i, "vin"],
  [/^vehicleodometer\//i, "odometer"],
  [/^vehicleposition\//i, "position"],
  [/^vehiclehealth\//i, "health"],
];

function kindOf(tags: readonly string[], dataVersion: string): AttestationKind | null {
  for (const tag of tags) {
    const kind = KIND_TAGS[tag];
    if (kind) return kind;
  }
  return KIND_VERSIONS.find(([pattern]) => pattern.test(dataVersion))?.[1] ?? null;
}

/** The credential indented for reading; kept as sent when it is not JSON. */
function readable(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function credentialsRefused(upstreamMessage: string | undefined): CredentialsRefused {
  return new CredentialsRefused({
    service: "telemetry",
    status: null,
    code: "FORBIDDEN",
    message:
      "DIMO's Telemetry API lists a vehicle's credentials only to a Vehicle JWT that carries access to its " +
      "attestation events (the token exchange's cloudEvents), and refused the dashboard's token.",
    retryable: false,
    upstreamMessage,
  });
}

/**
 * What the list's Vehicle JWT asks the exchange for beside privileges: every attestation event of the vehicle, from
 * any source, which the Telemetry API's `attestations` requires of the token's `cloud_events` claim.
 */
export const CREDENTIALS_SCOPE: VehicleJwtScope = {
  cloudEvents: [{ eventType: "dimo.attestation", source: "*", ids: ["*"] }],
};

/** The most credentials the list asks for; the real service's default is 10. */
const CREDENTIALS_LIMIT = 50;

/** The vehicle's credentials, newest first, as the Telemetry API's `attestations` serves them. */
export async function fetchCredentials(target: TelemetryTarget, limit = CREDENTIALS_LIMIT): Promise<CredentialList> {
  const query = `query Attestations($tokenId: Int!, $limit: Int) {
  attestations(tokenId: $tokenId, filter: { limit: $limit }) {
    id time attestation type source dataVersion producer signature tags
  }
}`;
  const body = parseResponse(
    attestationsAnswerSchema,
    await postQuery(target, query, { tokenId: target.tokenId, limit }),
    "telemetry",
    "credential list",
  );
  const rows = body.data?.attestations;
  const errors = body.errors ?? [];
  if (!rows && errors.length > 0) {
    // The service checks the token's cloud-event grant, not a privilege, and says only "invalid claims".
    if (errors.every((error) => /invalid claims/i.test(error.message))) throw credentialsRefused(errors[0]?.message);
    throw failure(errors, "the credential list");
  }
  const credentials: Credential[] = [];
  for (const row of rows ?? []) {
    if (!row) continue;
    const tags = row.tags ?? [];
    credentials.push({
      id: row.id,
      kind: kindOf(tags, row.dataVersion),
      time: row.time,
      type: row.type,
      source: row.source,
      dataVersion: row.dataVersion,
      producer: row.producer ?? null,
      signature: row.signature,
      tags,
      json: readable(row.attestation),
    });
  }
  // Newest first whatever order the service keeps; ids (KSUIDs) break ties in time order too.
  credentials.sort((a, b) => Date.parse(b.time) - Date.parse(a.time) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  return { credentials, limit };
}
