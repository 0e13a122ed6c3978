import { randomBytes } from "node:crypto";
import { type PrivateKeyAccount } from "viem/accounts";
import { ksuid } from "../../seed/ksuid";
import { type CredentialKind, type StoredCredential } from "../../store/attestation-store";
import { formatGoTime } from "./go-time";

/**
 * Credentials shaped and signed as DIMO's attestation service makes them: a CloudEvent of type `dimo.attestation`
 * whose `data` is the credential `{validFrom, validTo, credentialSubject}`, and whose `signature` is an ERC-191
 * personal-message signature of exactly those `data` bytes by the attester's key (the `source`). Anyone can check one
 * by recovering the signer of `JSON.stringify(event.data)`, since the data is compact JSON.
 */

const MINUTE_US = 60_000_000;
const DAY_US = 24 * 60 * MINUTE_US;

interface KindRules {
  dataVersion: string;
  tag: string;
  /** The credential's lifetime from its issue time; the VIN's runs to the next Sunday at midnight, UTC. */
  validToUs(issuedUs: number): number;
}

const KIND_RULES: Record<CredentialKind, KindRules> = {
  vin: {
    dataVersion: "vin/v1.0",
    tag: "vehicle.vin",
    validToUs: (issuedUs) => {
      const weekday = new Date(issuedUs / 1000).getUTCDay();
      return Math.floor((issuedUs + (7 - weekday) * DAY_US) / DAY_US) * DAY_US;
    },
  },
  odometer: { dataVersion: "vehicleodometer/v1.0.0", tag: "vehicle.odometer", validToUs: (t) => t + 60 * MINUTE_US },
  health: { dataVersion: "vehiclehealth/v1.0.0", tag: "vehicle.health", validToUs: (t) => t + DAY_US },
  position: { dataVersion: "vehicleposition/v1.0.0", tag: "vehicle.position", validToUs: (t) => t + 5 * MINUTE_US },
};

export interface CredentialRequest {
  kind: CredentialKind;
  tokenId: number;
  /** The vehicle's DID: the event's subject. */
  vehicleDid: string;
  /** The device that produced the data, or "" when the vehicle has none. */
  producer: string;
  subject: Record<string, unknown>;
  issuedUs: number;
}

export interface AttestationEvent {
  id: string;
  source: string;
  producer: string;
  specversion: "1.0";
  subject: string;
  time: string;
  type: "dimo.attestation";
  datacontenttype: "application/json";
  dataversion: string;
  signature: `0x${string}`;
  tags: string[];
  data: { validFrom: string; validTo: string; credentialSubject: Record<string, unknown> };
}

export async function signCredential(
  attester: PrivateKeyAccount,
  request: CredentialRequest,
): Promise<StoredCredential> {
  const rules = KIND_RULES[request.kind];
  const data = {
    validFrom: formatGoTime(request.issuedUs),
    validTo: formatGoTime(rules.validToUs(request.issuedUs)),
    credentialSubject: request.subject,
  };
  const signature = await attester.signMessage({ message: JSON.stringify(data) });
  const issuedMs = Math.floor(request.issuedUs / 1000);
  const event: AttestationEvent = {
    id: ksuid(issuedMs, randomBytes(16)),
    source: attester.address,
    producer: request.producer,
    specversion: "1.0",
    subject: request.vehicleDid,
    time: data.validFrom,
    type: "dimo.attestation",
    datacontenttype: "application/json",
    dataversion: rules.dataVersion,
    signature,
    tags: [rules.tag, "vehicle"],
    data,
  };
  return {
    id: event.id,
    tokenId: request.tokenId,
    kind: request.kind,
    issuedAt: issuedMs,
    event: JSON.stringify(event),
  };
}
