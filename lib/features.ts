import { type DimoService, type PrivilegeId, privilegeInfo } from "@/lib/protocol";
import { SEGMENTS_PRIVILEGES, type SignalName, VIN_CREDENTIAL_PRIVILEGE, signalInfo } from "@/lib/telemetry-signals";

/**
 * What each feature of the dashboard needs from a vehicle's grant, stated once. The DIMO client checks a call
 * against it before asking for a token (lib/dimo/privileges.ts); pages, routes and panels ask `canUse` before they
 * offer a feature and show `MissingPrivilege` with `missingFor` when they cannot. No other module names a
 * privilege number for a feature.
 */

export interface FeatureRule {
  /** How pages name the feature: "Trips unavailable: ...". */
  label: string;
  /** What the feature is for, in a sentence: "... which trips need". */
  purpose: string;
  /** The service whose data it shows; the one a refusal is reported against. */
  service: DimoService;
  /** Privileges the grant must hold, every one of them. */
  allOf: readonly PrivilegeId[];
  /** Privileges of which the grant must hold at least one (empty: no such condition). */
  anyOf: readonly PrivilegeId[];
  /** What else the real service needs beyond the token's privileges, in words, when it needs more. */
  note?: string;
}

const rule = (
  label: string,
  purpose: string,
  service: DimoService,
  need: { allOf?: PrivilegeId[]; anyOf?: PrivilegeId[]; note?: string },
): FeatureRule => ({
  label,
  purpose,
  service,
  allOf: need.allOf ?? [],
  anyOf: need.anyOf ?? [],
  ...(need.note ? { note: need.note } : {}),
});

/** The privileges the Telemetry API's schema asks of a signal (lib/telemetry-signals.ts): one rule, stated there. */
const signalPrivileges = (name: SignalName): readonly PrivilegeId[] => signalInfo(name)?.anyOf ?? [];

export const FEATURES = {
  trips: rule("Trips", "trips", "trips", { allOf: [4] }),
  valuation: rule("Valuation", "valuations", "valuations", { allOf: [1] }),
  offers: rule("The offer list", "offers", "valuations", { allOf: [1] }),
  /** The token exchange accepts either; the buyers behind the real service then read the VIN and a location. */
  instantOffer: rule("Instant offers", "instant offers", "valuations", {
    anyOf: [1, 5],
    note:
      "DIMO's buyers price the vehicle from its VIN credential (privilege 5) and a recent location, so a grant " +
      "without them gets declines rather than offers.",
  }),
  // The Telemetry API checks its privileges per field (lib/telemetry-signals.ts names each signal's); these rules are
  // the groups of fields the Overview shows, so a missing privilege costs no upstream call and is explained in place.
  telemetry: rule("Signals", "vehicle signals (speed, odometer, battery or fuel and the rest)", "telemetry", {
    allOf: [...signalPrivileges("speed")],
  }),
  location: rule("The location", "the exact location", "telemetry", {
    allOf: [...signalPrivileges("currentLocationCoordinates")],
  }),
  approximateLocation: rule("The approximate location", "the approximate location", "telemetry", {
    anyOf: [...signalPrivileges("currentLocationApproximateCoordinates")],
  }),
  vin: rule("The VIN", "the VIN credential", "telemetry", { allOf: [VIN_CREDENTIAL_PRIVILEGE] }),
  segments: rule("Trips from telemetry", "trips detected from the signals (segments)", "telemetry", {
    allOf: [...SEGMENTS_PRIVILEGES],
  }),
  events: rule("Driving events", "driving events (harsh braking, acceleration and cornering)", "telemetry", {
    allOf: [...SEGMENTS_PRIVILEGES],
  }),
  // DIMO's Attestation API checks each credential's privileges on the Vehicle JWT (attestation-api's AllOfPermissions).
  attestVin: rule("The VIN credential", "VIN credentials", "attestation", { allOf: [VIN_CREDENTIAL_PRIVILEGE] }),
  attestOdometer: rule("The odometer statement", "odometer statements", "attestation", { allOf: [1] }),
  attestPosition: rule("The position credential", "position credentials", "attestation", { allOf: [4] }),
  attestHealth: rule("The health credential", "vehicle health credentials", "attestation", { allOf: [1, 4] }),
  /** The Telemetry API lists credentials to any Vehicle JWT of the vehicle; the real one checks no privilege for it. */
  attestations: rule("The credential list", "the vehicle's credentials", "telemetry", {
    note:
      "DIMO's Telemetry API serves a vehicle's credentials to a token that carries access to its attestation " +
      "events, which the owner's share grants alongside the privileges.",
  }),
  // fetch-api's resolver also serves a token holding both all-time privileges (1 and 4); DIMO documents the raw-data
  // privilege, and the dashboard asks for that one.
  rawData: rule("Raw data", "raw data (the cloud events the vehicle's devices sent)", "fetch", { allOf: [7] }),
} as const satisfies Record<string, FeatureRule>;

export type Feature = keyof typeof FEATURES;

/**
 * The privileges the dashboard asks the token exchange for: every one any feature uses. The exchange is asked for the
 * granted ones among them, so one Vehicle JWT per vehicle serves every page.
 */
export const DASHBOARD_PRIVILEGES: readonly PrivilegeId[] = [
  ...new Set(Object.values(FEATURES).flatMap((feature: FeatureRule) => [...feature.allOf, ...feature.anyOf])),
].sort((a, b) => a - b);

/** Anything that carries a vehicle's granted privileges; null or undefined for a vehicle with no grant. */
type GrantLike = { privileges: readonly PrivilegeId[] } | null | undefined;

export function canUse(grant: GrantLike, feature: Feature): boolean {
  return missingFor(grant, feature).length === 0;
}

/**
 * What the grant lacks for the feature: the privileges still needed, every one of them, and then the alternatives
 * when none of `anyOf` is held. Empty when the feature can be used.
 */
export function missingFor(grant: GrantLike, feature: Feature): PrivilegeId[] {
  const { allOf, anyOf }: FeatureRule = FEATURES[feature];
  const held = grant?.privileges ?? [];
  const missing = allOf.filter((id) => !held.includes(id));
  if (anyOf.length > 0 && !anyOf.some((id) => held.includes(id))) missing.push(...anyOf);
  return missing;
}

/** The feature whose rule covers a Telemetry API field: a signal, `vinVCLatest` or `segments`. */
export function telemetryFeatureOf(field: string): Feature {
  if (field === "vinVCLatest") return "vin";
  if (field === "segments") return "segments";
  const anyOf = signalInfo(field)?.anyOf ?? [];
  if (anyOf.includes(8)) return "approximateLocation";
  return anyOf.length > 0 && !anyOf.includes(1) ? "location" : "telemetry";
}

const named = (id: PrivilegeId) => `${privilegeInfo(id).label} (privilege ${id})`;

/** The missing privileges in words: "A (privilege 1) or B (privilege 5)" for alternatives, "and" for a set. */
export function describeMissing(feature: Feature, missing: readonly PrivilegeId[]): string {
  const names = missing.map(named);
  const joiner =
    FEATURES[feature].anyOf.length > 0 && missing.every((id) => FEATURES[feature].anyOf.includes(id)) ? "or" : "and";
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} ${joiner} ${names.at(-1)}` : (names[0] ?? "");
}

/**
 * The rules of which any one opens a read of the latest signals: the Telemetry API answers with what each field's
 * privileges allow, so the approximate location alone is worth asking for.
 */
const SIGNAL_FEATURES = ["telemetry", "approximateLocation"] as const satisfies readonly Feature[];

/** Whether the grant lets the dashboard read any of the vehicle's latest signals. */
export function canReadSignals(grant: GrantLike): boolean {
  return SIGNAL_FEATURES.some((feature) => canUse(grant, feature));
}

/**
 * The rule a read of the latest signals is checked against: the first signal rule the grant meets, or `telemetry`
 * when it meets none, so the refusal names what the signals need.
 */
export function signalsFeatureFor(grant: GrantLike): Feature {
  return SIGNAL_FEATURES.find((feature) => canUse(grant, feature)) ?? "telemetry";
}
