import { type Context, Hono } from "hono";
import { type PrivilegeId, VEHICLE_NFT_CONTRACT, vehicleDid } from "@/lib/protocol";
import { type SandboxContext } from "../../context";
import { codeMessage } from "../../http/responses";
import { serviceBaseUrl } from "../../http/requests";
import { type CredentialKind } from "../../store/attestation-store";
import { type VehicleRecord } from "../../store/vehicle-store";
import { type VehicleSource } from "../../telemetry/samples";
import { TELEMETRY_PREFIX } from "../telemetry/routes";
import { vehicleSource } from "../telemetry/vehicle-data";
import { checkAttestationAccess } from "./access";
import { signCredential } from "./credentials";
import { formatGoTime } from "./go-time";
import { healthStatus } from "./health";
import { healthSamples, odometerReading, positionReading } from "./readings";
import { readTimeFields } from "./request-body";
import { deviceDid, vinFingerprint } from "./vin";

export const ATTESTATION_PREFIX = "/attestation";

const MAX_UINT32 = 4_294_967_295;
const HEALTH_MAX_RANGE_US = 30 * 24 * 3_600_000_000;
const VIN_MESSAGE = "VC generated successfully. Retrieve using the provided GQL URL and query parameter.";
const SUCCESS_MESSAGE = "VC generated successfully, retrieve using the provided telemetry-api.";

/** Thrown inside a handler to answer with the real service's `{message, code}` error. */
class AttestationError extends Error {
  constructor(
    readonly status: 400 | 404 | 500,
    message: string,
  ) {
    super(message);
  }
}

interface Vehicle {
  record: VehicleRecord;
  did: string;
  /** The paired device's DID, or "" (the real attester's `producer` when the vehicle has none). */
  producer: string;
  source: VehicleSource | null;
}

function vehicleOf(ctx: SandboxContext, tokenId: number): Vehicle {
  const record = ctx.vehicles.get(tokenId);
  if (!record) throw new AttestationError(500, "Failed to get vehicle info");
  return { record, did: vehicleDid(tokenId), producer: deviceDid(record) ?? "", source: vehicleSource(ctx, tokenId) };
}

/**
 * DIMO's attestation service: each route checks the Vehicle JWT and its privileges, reads the vehicle's data from the
 * drive simulation, signs a credential with the attester key and keeps it. The VIN route answers where to fetch the
 * credential from the Telemetry API; the others, as the real handlers do, only a message.
 */
export function attestationRoutes(ctx: SandboxContext): Hono {
  const app = new Hono();
  const nowUs = () => ctx.clock.nowMs() * 1000;

  const issue = async (kind: CredentialKind, vehicle: Vehicle, subject: Record<string, unknown>) => {
    const credential = await signCredential(ctx.attestations.attester, {
      kind,
      tokenId: vehicle.record.tokenId,
      vehicleDid: vehicle.did,
      producer: vehicle.producer,
      subject,
      issuedUs: nowUs(),
    });
    ctx.attestations.add(credential);
  };

  const route = (
    path: string,
    privileges: readonly PrivilegeId[],
    handle: (c: Context, tokenId: number) => Promise<Response>,
  ) =>
    app.post(`/v2/attestation/${path}/:tokenId`, async (c) => {
      const access = await checkAttestationAccess(c, ctx, privileges);
      if (!access.ok) return access.response;
      const raw = c.req.param("tokenId");
      if (!/^[0-9]+$/.test(raw) || Number(raw) > MAX_UINT32) return codeMessage(c, 400, "invalid token_id format");
      try {
        return await handle(c, Number(raw));
      } catch (error) {
        if (error instanceof AttestationError) return codeMessage(c, error.status, error.message);
        throw error;
      }
    });

  route("vin", [5], async (c, tokenId) => {
    const vehicle = vehicleOf(ctx, tokenId);
    const fingerprint = vinFingerprint(vehicle.record, vehicle.source, nowUs());
    if (!fingerprint.ok) throw new AttestationError(fingerprint.status, fingerprint.message);
    await issue("vin", vehicle, {
      id: vehicle.did,
      vehicleTokenId: tokenId,
      vehicleContractAddress: `eth:${VEHICLE_NFT_CONTRACT}`,
      vehicleIdentificationNumber: fingerprint.vin,
      recordedBy: fingerprint.recordedBy,
      recordedAt: formatGoTime(fingerprint.recordedAtUs),
    });
    return c.json({
      vcUrl: `${serviceBaseUrl(c, TELEMETRY_PREFIX)}/query`,
      vcQuery: `query {vinVCLatest(tokenId: ${tokenId}) {rawVC}}`,
      message: VIN_MESSAGE,
    });
  });

  route("vehicle-position", [4], async (c, tokenId) => {
    const body = await readTimeFields(c, ["timestamp"]);
    if (!body.ok) throw new AttestationError(400, "invalid request body");
    const vehicle = vehicleOf(ctx, tokenId);
    const at = body.times.timestamp;
    const cell = at === null || !vehicle.source ? null : positionReading(vehicle.source, at, nowUs());
    if (at === null || !cell) throw new AttestationError(404, "No location data found in telemetry");
    await issue("position", vehicle, {
      vehicleDID: vehicle.did,
      location: {
        locationType: "h3Cell",
        locationValue: { h3CellId: cell.value },
        timestamp: formatGoTime(cell.timestampUs),
      },
      requestedTimestamp: formatGoTime(at),
      ...(vehicle.producer ? { producer: vehicle.producer } : {}),
    });
    return c.json({ message: SUCCESS_MESSAGE });
  });

  route("odometer-statement", [1], async (c, tokenId) => {
    // The body is optional here: one that does not parse counts as no timestamp.
    const body = await readTimeFields(c, ["timestamp"]);
    const at = body.ok ? body.times.timestamp : null;
    const vehicle = vehicleOf(ctx, tokenId);
    const reading = vehicle.source ? odometerReading(vehicle.source, at, nowUs()) : null;
    if (!reading) throw new AttestationError(404, "No odometer data found");
    await issue("odometer", vehicle, {
      vehicleDID: vehicle.did,
      odometerReading: { value: reading.value, unit: "km", timestamp: formatGoTime(reading.timestampUs) },
      ...(at === null ? {} : { requestedTimestamp: formatGoTime(at) }),
      ...(vehicle.producer ? { producer: vehicle.producer } : {}),
    });
    return c.json({ message: SUCCESS_MESSAGE });
  });

  route("vehicle-health", [1, 4], async (c, tokenId) => {
    const body = await readTimeFields(c, ["startTime", "endTime"]);
    if (!body.ok) throw new AttestationError(400, "invalid request body");
    // An absent time is Go's zero time, earlier than any other.
    const start = body.times.startTime ?? -Infinity;
    const end = body.times.endTime ?? -Infinity;
    if (start > end) throw new AttestationError(400, "startTime must be before endTime");
    if (end - start > HEALTH_MAX_RANGE_US) throw new AttestationError(400, "time range cannot exceed 30 days");
    const vehicle = vehicleOf(ctx, tokenId);
    const samples =
      vehicle.source && Number.isFinite(start) ? healthSamples(vehicle.source, start, Math.min(end, nowUs())) : null;
    if (!samples) throw new AttestationError(404, "No health data found in the specified time range");
    await issue("health", vehicle, {
      vehicleDID: vehicle.did,
      healthStatus: healthStatus(samples),
      searchedTimeRange: { start: formatGoTime(start), end: formatGoTime(end) },
      ...(vehicle.producer ? { producer: vehicle.producer } : {}),
    });
    return c.json({ message: SUCCESS_MESSAGE });
  });

  return app;
}
