import { FEATURES, type Feature, type FeatureRule, missingFor } from "@/lib/features";
import { PRIVILEGE_IDS, type PrivilegeId, privilegeInfo } from "@/lib/protocol";

/**
 * The permissions a share link asks an owner for, as DIMO's login names and orders them, and what each one means for
 * this dashboard in words (taken from FEATURES, so the words change when a feature's needs do). No I/O: the link
 * builder in the browser and the server's checks use the same table.
 */

export interface SharePermission {
  /** DIMO login's name, which fixes the permission's place in the `permissions` bit string. */
  name: string;
  privilege: PrivilegeId;
  /** What the owner is asked to allow, in plain words. */
  asks: string;
}

/**
 * In the bit string's order: character i is "1" when permission i is asked for. DIMO's login reads the privilege ids
 * 1 to 8 in this order, so a permission's place is its privilege id less one.
 */
export const SHARE_PERMISSIONS: readonly SharePermission[] = [
  { name: "NONLOCATION_TELEMETRY", privilege: 1, asks: "See the vehicle's data other than its location, all time" },
  { name: "COMMANDS", privilege: 2, asks: "Send the vehicle commands (lock, unlock and the like)" },
  { name: "CURRENT_LOCATION", privilege: 3, asks: "See where the vehicle is now" },
  { name: "ALLTIME_LOCATION", privilege: 4, asks: "See where the vehicle has been, all time" },
  { name: "CREDENTIALS", privilege: 5, asks: "Read the vehicle's VIN credential" },
  { name: "STREAMS", privilege: 6, asks: "Receive the vehicle's data live, as it streams" },
  { name: "RAW_DATA", privilege: 7, asks: "Read the raw data of the vehicle's device" },
  { name: "APPROXIMATE_LOCATION", privilege: 8, asks: "See roughly where the vehicle is" },
];

export function sharePermission(privilege: PrivilegeId): SharePermission {
  // The table holds every privilege id at its id's place, so the lookup cannot miss.
  return SHARE_PERMISSIONS[privilege - 1] as SharePermission;
}

/** The `permissions` bit string for a set of privileges: eight characters, "1" for each asked for. */
export function permissionsToBits(privileges: readonly PrivilegeId[]): string {
  const asked = new Set(privileges);
  return SHARE_PERMISSIONS.map((permission) => (asked.has(permission.privilege) ? "1" : "0")).join("");
}

/**
 * The privileges a `permissions` bit string asks for, ascending; null when it is not a string of 0s and 1s of at
 * most sixteen characters. DIMO's login takes up to sixteen and reads the first eight, a missing one as "0".
 */
export function bitsToPermissions(bits: string): PrivilegeId[] | null {
  if (!/^[01]{1,16}$/.test(bits)) return null;
  return SHARE_PERMISSIONS.filter((_, index) => bits[index] === "1").map((permission) => permission.privilege);
}

/**
 * DIMO's permission templates, as its login expands them: every template asks for the non-location history, the
 * current location, the location history, the VIN credential and live data; template 1 adds commands.
 */
const TEMPLATE_BASE: readonly PrivilegeId[] = [1, 3, 4, 5, 6];

export const PERMISSION_TEMPLATES = [
  { id: "1", label: "Vehicle data and commands" },
  { id: "2", label: "Vehicle data, no commands" },
] as const;

export function templatePrivileges(templateId: string): PrivilegeId[] {
  const privileges = templateId === "1" ? [...TEMPLATE_BASE, 2 as const] : [...TEMPLATE_BASE];
  return privileges.sort((a, b) => a - b);
}

/** Lowers the first letter of a word, not of an abbreviation such as VIN. */
const lowerFirst = (text: string) => (/^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text);

/** How a feature is named in a list: "Trips", "The location" and "The VIN" become "trips", "location" and "VIN". */
export function featureName(feature: Feature): string {
  return lowerFirst(FEATURES[feature].label.replace(/^The /, ""));
}

const FEATURE_IDS = Object.keys(FEATURES) as Feature[];

/** The features that need the privilege, alone or as one of their alternatives. */
export function featuresUsing(privilege: PrivilegeId): Feature[] {
  return FEATURE_IDS.filter((feature) => {
    const rule: FeatureRule = FEATURES[feature];
    return rule.allOf.includes(privilege) || rule.anyOf.includes(privilege);
  });
}

/** One permission in words: its label, what the owner is asked, and what it opens in the dashboard. */
export interface PermissionWords {
  privilege: PrivilegeId;
  name: string;
  label: string;
  asks: string;
  /** The dashboard features it opens, named as in a list: "trips", "location". */
  features: string[];
  /** "Trips, location, driving events" or "No dashboard feature uses it". */
  unlocks: string;
}

const listed = (names: readonly string[]) => {
  const joined = names.join(", ");
  return joined.charAt(0).toUpperCase() + joined.slice(1);
};

export function permissionWords(privilege: PrivilegeId): PermissionWords {
  const features = featuresUsing(privilege).map(featureName);
  return {
    privilege,
    name: sharePermission(privilege).name,
    label: privilegeInfo(privilege).label,
    asks: sharePermission(privilege).asks,
    features,
    unlocks: features.length > 0 ? listed(features) : "No dashboard feature uses it",
  };
}

export const ALL_PERMISSION_WORDS: readonly PermissionWords[] = PRIVILEGE_IDS.map(permissionWords);

/**
 * What a grant of these privileges leaves out of the dashboard, one sentence per privilege not asked for that some
 * feature then lacks: "Without location history: no trips, no location, no driving events". A feature with
 * alternatives is named under each of them only while none of them is asked for.
 */
export function missingFeatureWords(privileges: readonly PrivilegeId[]): string[] {
  const grant = { privileges };
  const sentences: string[] = [];
  for (const privilege of PRIVILEGE_IDS) {
    if (privileges.includes(privilege)) continue;
    const lost = FEATURE_IDS.filter((feature) => missingFor(grant, feature).includes(privilege));
    if (lost.length === 0) continue;
    sentences.push(
      `Without ${lowerFirst(privilegeInfo(privilege).label)}: ${lost.map((feature) => `no ${featureName(feature)}`).join(", ")}`,
    );
  }
  return sentences;
}
