import { type Feature } from "@/lib/features";

/**
 * The app's words for verifiable credentials (attestations): what the server functions return and the panel shows.
 * Plain types and constants only, with no server import, so the browser's panel may import them too.
 */

/** The credentials the panel creates, one per Attestation API route. */
export const ATTESTATION_KINDS = ["vin", "odometer", "position", "health"] as const;
export type AttestationKind = (typeof ATTESTATION_KINDS)[number];

/** The rule of lib/features.ts each kind is checked against. */
export const ATTESTATION_FEATURES = {
  vin: "attestVin",
  odometer: "attestOdometer",
  position: "attestPosition",
  health: "attestHealth",
} as const satisfies Record<AttestationKind, Feature>;

/** How the panel names each kind. */
export const ATTESTATION_LABELS: Record<AttestationKind, string> = {
  vin: "VIN",
  odometer: "Odometer",
  position: "Position",
  health: "Vehicle health",
};

/** The longest health range the Attestation API takes. */
export const HEALTH_MAX_RANGE_MS = 30 * 24 * 3_600_000;

/**
 * What to attest. Times are ISO 8601: odometer without one takes the latest reading, position without one the
 * vehicle's latest location fix; health needs a range of at most 30 days.
 */
export type AttestationRequest =
  | { kind: "vin" }
  | { kind: "odometer"; timestamp?: string }
  | { kind: "position"; timestamp?: string }
  | { kind: "health"; startTime: string; endTime: string };

/** The Attestation API's answer to a creation, in the app's terms. */
export interface AttestationCreated {
  kind: AttestationKind;
  message: string;
  /** The time asked for: the position's fix, the odometer's time; null when none was sent. */
  requestedAt: string | null;
}

/** One credential as the Telemetry API lists it. */
export interface Credential {
  id: string;
  /** From its tags; null for a credential of a kind the dashboard does not create. */
  kind: AttestationKind | null;
  time: string;
  type: string;
  /** The attester's address, which signed it. */
  source: string;
  dataVersion: string;
  producer: string | null;
  signature: string;
  tags: string[];
  /** The signed CloudEvent as DIMO serves it, indented for reading; the copy button copies exactly this. */
  json: string;
}

export interface CredentialList {
  /** Newest first. */
  credentials: Credential[];
  /** How many the list asked for: a full list may have older ones. */
  limit: number;
}
