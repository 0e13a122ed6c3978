import "server-only";
import { z } from "zod";
import { getDimoClient } from "@/lib/dimo";
import { WordedAttestationError } from "@/lib/dimo/attestation";
import { AppFailure } from "@/lib/result";
import { getStores, isStoreUnavailable } from "@/lib/store";
import {
  HEALTH_MAX_RANGE_MS,
  type AttestationCreated,
  type AttestationRequest,
  type Credential,
  type CredentialList,
} from "@/lib/models/attestation";
import { guarded } from "./guard";
import { positiveWholeNumber, tokenIdInput } from "./inputs";
import { recordKnownVin } from "./roster";

/**
 * A vehicle's verifiable credentials, guarded: the list, which the attestations route and page read, and the creation
 * of one, which the action runs (lib/actions/attestation.ts). The grant is checked by the client before any token is
 * asked for, so a missing privilege costs no upstream call.
 */

const isoTime = (name: string) => z.iso.datetime({ offset: true, error: `${name} must be an ISO date and time` });

const attestationRequest = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("vin") }),
    z.object({ kind: z.literal("odometer"), timestamp: isoTime("timestamp").optional() }),
    z.object({ kind: z.literal("position"), timestamp: isoTime("timestamp").optional() }),
    z
      .object({ kind: z.literal("health"), startTime: isoTime("startTime"), endTime: isoTime("endTime") })
      .refine((health) => Date.parse(health.startTime) <= Date.parse(health.endTime), {
        error: "startTime must come before endTime",
      })
      .refine((health) => Date.parse(health.endTime) - Date.parse(health.startTime) <= HEALTH_MAX_RANGE_MS, {
        error: "a health range is at most 30 days long",
      }),
  ],
  { error: "kind must be one of vin, odometer, position, health" },
);

export const createAttestationInput = z.object(
  { tokenId: positiveWholeNumber("tokenId"), request: attestationRequest },
  { error: "the input must be an object with a tokenId and a request" },
);

/** The client's refusals that are already in words for people pass as they are; describeError's would be generic. */
async function inWords<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof WordedAttestationError)) throw error;
    const { code, message, retryable, callId } = error;
    throw new AppFailure({ code, message, retryable, ...(callId === undefined ? {} : { callId }) });
  }
}

/** The VIN a VIN credential attests (its signed subject's `vehicleIdentificationNumber`); null when it holds none. */
export function attestedVin(credential: Credential): string | null {
  if (credential.kind !== "vin") return null;
  try {
    const event = JSON.parse(credential.json) as {
      data?: { credentialSubject?: { vehicleIdentificationNumber?: unknown } };
    };
    const vin = event.data?.credentialSubject?.vehicleIdentificationNumber;
    return typeof vin === "string" && vin.trim() !== "" ? vin : null;
  } catch {
    return null;
  }
}

/**
 * The vehicle's credentials, newest first, as DIMO's Telemetry API lists them. The newest VIN among them is kept in
 * the roster, for the list's search.
 */
export const listCredentials = guarded(
  tokenIdInput,
  async function listCredentials({ tokenId }): Promise<CredentialList> {
    const list = await inWords(getDimoClient().listCredentials(tokenId));
    const vin = list.credentials.map(attestedVin).find((found) => found !== null);
    if (vin) await recordKnownVin(tokenId, vin);
    return list;
  },
);

/**
 * Credentials one vehicle may be asked for in a minute, by everyone on the license together. A person clicks once for
 * each kind they need (there are four) and may try one again after a failure: six leave room for that, and hold a
 * script asking for credential after credential to six upstream requests a minute per vehicle.
 */
export const ATTESTATIONS_PER_VEHICLE_PER_MINUTE = 6;
const MINUTE_MS = 60_000;

/**
 * Counts one creation for the vehicle in the shared store (so every instance counts together), or refuses it in
 * words, saying when to try again; with the store unreachable it refuses too, rather than go uncounted.
 */
async function countCreation(tokenId: number): Promise<void> {
  let counted;
  try {
    counted = await getStores().counters.increment(`rate:attestation:${tokenId}`, MINUTE_MS);
  } catch (error) {
    if (!isStoreUnavailable(error)) throw error;
    throw new AppFailure({
      code: "UNAVAILABLE",
      message: "Attestations cannot be made for a moment. Try again in a few seconds.",
      retryable: true,
    });
  }
  if (counted.count <= ATTESTATIONS_PER_VEHICLE_PER_MINUTE) return;
  const seconds = Math.max(1, Math.ceil(counted.resetInMs / 1000));
  throw new AppFailure({
    code: "RATE_LIMITED",
    message:
      `Vehicle ${tokenId} has had ${ATTESTATIONS_PER_VEHICLE_PER_MINUTE} attestations asked for in the last minute, ` +
      `the most it may. Try again in ${seconds} ${seconds === 1 ? "second" : "seconds"}.`,
    retryable: true,
  });
}

/**
 * Has DIMO's attester sign one credential of the vehicle's data, within the vehicle's cap a minute. Not guarded
 * itself: the action that calls it is (createAttestationAction), with createAttestationInput.
 */
export async function createCredential(tokenId: number, request: AttestationRequest): Promise<AttestationCreated> {
  await countCreation(tokenId);
  return inWords(getDimoClient().createAttestation(tokenId, request));
}
