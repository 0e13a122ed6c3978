import { createHash } from "node:crypto";
import { type PrivilegeId } from "@/lib/protocol";
import { definitionPowertrainTypeOf } from "../../seed/energy";
import { PERMISSION_TEMPLATES } from "../../seed/identity-world";
import { type VehicleRecord } from "../../store/vehicle-store";

/**
 * A share link (Login with DIMO's vehicle manager, `entryState=VEHICLE_MANAGER`) read the way DIMO's login reads it
 * (DIMO-Network/dimo-login: `vehicleManagerValidations`, `permissionsService`, `utils/vehicles`): the permissions
 * asked, the vehicles it is for, the expiry of the grant, and where to send the owner back.
 */

export const VEHICLE_MANAGER = "VEHICLE_MANAGER";

/** Login with DIMO's permission names, in the order of a `permissions` bit string; bit i is privilege i + 1. */
export const PERMISSION_NAMES = [
  "NONLOCATION_TELEMETRY",
  "COMMANDS",
  "CURRENT_LOCATION",
  "ALLTIME_LOCATION",
  "CREDENTIALS",
  "STREAMS",
  "RAW_DATA",
  "APPROXIMATE_LOCATION",
] as const;

/** What each privilege lets the license do, in the words an owner reads before approving. */
export const PERMISSION_WORDS: Record<PrivilegeId, string> = {
  1: "Read the vehicle's data other than its location: odometer, speed, battery or fuel level and more, all time",
  2: "Send the vehicle commands, such as lock and unlock",
  3: "See where the vehicle is now",
  4: "See where the vehicle has been: every trip and its route, all time",
  5: "Read the vehicle's credentials, such as its VIN credential",
  6: "Receive the vehicle's data as it streams in",
  7: "Read the raw data the vehicle's device sends",
  8: "See roughly where the vehicle is, to within a few kilometres",
};

/** Every parameter a share link may carry; arrays come as repeated keys. The form pages carry them on. */
export const LINK_PARAMS = [
  "clientId",
  "redirectUri",
  "entryState",
  "permissionTemplateId",
  "permissions",
  "vehicles",
  "vehicleMakes",
  "powertrainTypes",
  "expirationDate",
  "onboarding",
  "utm",
  "altTitle",
  "brandName",
] as const;

export interface ShareLink {
  privileges: PrivilegeId[];
  /** The bit string granted, in PERMISSION_NAMES order, eight long. */
  permissionBits: string;
  /** The seeded permission template the link named, when it named one. */
  templateId: number | null;
  /** Filters; an empty list does not filter. */
  vehicles: string[];
  vehicleMakes: string[];
  powertrainTypes: string[];
  /** When the grants end, epoch milliseconds on whole seconds. */
  expiresAt: number;
  /** Whether the expiry was given by the link (otherwise the default). */
  expirySpecified: boolean;
  onboarding: string[];
  utm: string;
  brandName: string | null;
}

export interface LinkRefusal {
  status: 400;
  title: string;
  message: string;
}

/**
 * DIMO's login checks the string's length against the number of keys of the transactions SDK's numeric `Permission`
 * enum, which counts its reverse mappings too: up to 16 characters pass, and those past the eighth are not read.
 */
const LONGEST_PERMISSIONS = 2 * PERMISSION_NAMES.length;
const PERMISSIONS_PATTERN = new RegExp(`^[01]{1,${LONGEST_PERMISSIONS}}$`);

/** Privileges of a bit string; positions past its end are 0, as DIMO's login reads a short string. */
function privilegesOfBits(bits: string): PrivilegeId[] {
  const ids: PrivilegeId[] = [];
  PERMISSION_NAMES.forEach((_, index) => {
    if (bits[index] === "1") ids.push((index + 1) as PrivilegeId);
  });
  return ids;
}

/** One calendar year on: the grant's default length. */
export function oneYearAfter(nowMs: number): number {
  const date = new Date(nowMs);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.getTime();
}

const wholeSeconds = (ms: number) => Math.floor(ms / 1000) * 1000;

/**
 * Reads a link's terms (clientId and redirectUri are checked elsewhere). `getAll` gives every value of a key, from the
 * query or from a form that carried the link on.
 */
export function readShareLink(getAll: (name: string) => string[], nowMs: number): ShareLink | LinkRefusal {
  const first = (name: string) => getAll(name)[0] ?? "";
  const templateParam = first("permissionTemplateId");
  const permissionsParam = first("permissions");
  if (!templateParam && !permissionsParam) {
    return {
      status: 400,
      title: "Missing Permissions",
      message: "Missing permissions, please specify permissions requested.",
    };
  }

  let permissionBits: string;
  let templateId: number | null = null;
  // A template, when named, decides the permissions, as in DIMO's login; the bit string is then not read.
  if (templateParam) {
    const template = PERMISSION_TEMPLATES.find((t) => String(t.tokenId) === templateParam);
    if (!template) {
      return {
        status: 400,
        title: "Unknown Permission Template",
        message: `There is no permission template ${templateParam}.`,
      };
    }
    permissionBits = template.permissions.padEnd(PERMISSION_NAMES.length, "0");
    templateId = template.tokenId;
  } else {
    if (!PERMISSIONS_PATTERN.test(permissionsParam)) {
      return {
        status: 400,
        title: "Invalid Permissions Format",
        message: `Permissions must be a string of 0s and 1s with a maximum length of ${LONGEST_PERMISSIONS}.`,
      };
    }
    permissionBits = permissionsParam.slice(0, PERMISSION_NAMES.length).padEnd(PERMISSION_NAMES.length, "0");
  }
  const privileges = privilegesOfBits(permissionBits);
  if (privileges.length === 0) {
    return {
      status: 400,
      title: "Missing Permissions",
      message: "The link asks for no permission: there is nothing to share.",
    };
  }

  // An expiry that does not parse falls back to the default, as in DIMO's login.
  const given = first("expirationDate");
  const parsed = given ? Date.parse(given) : Number.NaN;
  const expirySpecified = Number.isFinite(parsed);
  const expiresAt = wholeSeconds(expirySpecified ? parsed : oneYearAfter(nowMs));
  if (expiresAt <= nowMs) {
    return {
      status: 400,
      title: "Expired Link",
      message: `The link's expiration date (${new Date(expiresAt).toISOString()}) has passed.`,
    };
  }

  const list = (name: string) => getAll(name).filter((value) => value.trim() !== "");
  return {
    privileges,
    permissionBits,
    templateId,
    vehicles: list("vehicles"),
    vehicleMakes: list("vehicleMakes"),
    powertrainTypes: list("powertrainTypes"),
    expiresAt,
    expirySpecified,
    onboarding: list("onboarding"),
    utm: first("utm"),
    brandName: first("brandName") || null,
  };
}

export const isRefusal = (read: ShareLink | LinkRefusal): read is LinkRefusal => "title" in read;

/** Whether a vehicle is one the link asks for: every filter given must match, case aside. */
export function fitsLink(link: ShareLink, vehicle: VehicleRecord): boolean {
  const lower = (values: string[]) => values.map((value) => value.toLowerCase());
  if (link.vehicles.length > 0 && !link.vehicles.includes(String(vehicle.tokenId))) return false;
  if (link.vehicleMakes.length > 0 && !lower(link.vehicleMakes).includes(vehicle.make.toLowerCase())) return false;
  if (
    link.powertrainTypes.length > 0 &&
    !lower(link.powertrainTypes).includes(definitionPowertrainTypeOf(vehicle.model).toLowerCase())
  )
    return false;
  return true;
}

/** Where the owner is sent back: the redirect URI with the link's `utm` merged in, as DIMO's login merges it. */
export function backUrl(redirectUri: string, utm: string): URL {
  const url = new URL(redirectUri);
  if (utm.includes("=")) {
    for (const [key, value] of new URLSearchParams(utm)) url.searchParams.set(key, value);
  } else if (utm.trim()) {
    url.searchParams.set("utm", utm);
  }
  return url;
}

/** An IPFS-looking address for the grant's document (a CIDv1 in base32), derived from its terms. */
export function grantSource(terms: object): string {
  const digest = createHash("sha256").update(JSON.stringify(terms)).digest();
  const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of digest) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet.charAt((value >>> (bits - 5)) & 31);
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet.charAt((value << (5 - bits)) & 31);
  return `ipfs://bafkrei${out}`;
}
