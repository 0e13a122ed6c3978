import { MAX_INT32, type PrivilegeId } from "@/lib/protocol";
import { bitsToPermissions, permissionsToBits } from "./permissions";

/**
 * A vehicle-manager share link of DIMO's login: what it asks, how it is written as a URL and read back, and what
 * DIMO would refuse or misread, in words, before anyone opens it. Pure: the `now` a check needs is passed in.
 */

const ENTRY_STATE = "VEHICLE_MANAGER";

/** The powertrain types DIMO's device definitions name, which a link may filter on. */
export const POWERTRAIN_TYPES = [
  { id: "BEV", label: "Battery electric" },
  { id: "PHEV", label: "Plug-in hybrid" },
  { id: "HEV", label: "Hybrid" },
  { id: "ICE", label: "Combustion engine" },
  { id: "FCEV", label: "Fuel cell" },
] as const;

export type PowertrainType = (typeof POWERTRAIN_TYPES)[number]["id"];

/** Either a permission template, which DIMO's login expands itself, or the privileges, one by one. */
export type ShareAccess =
  { kind: "privileges"; privileges: readonly PrivilegeId[] } | { kind: "template"; templateId: string };

export interface ShareLink {
  clientId: string;
  redirectUri: string;
  access: ShareAccess;
  /** Token ids: the link offers only these vehicles. */
  vehicles: readonly number[];
  vehicleMakes: readonly string[];
  powertrainTypes: readonly string[];
  /** ISO date and time at which the grants end. */
  expirationDate?: string;
  /** The connections (oracles) offered to an owner who has no vehicle yet; empty when onboarding is off. */
  onboarding: readonly string[];
  /** Comes back on the redirect, so it says which link brought which vehicle. */
  utm?: string;
  altTitle?: boolean;
  brandName?: string;
}

const NAME_MAX_LENGTH = 80;
const DAY_MS = 24 * 60 * 60 * 1000;

/** One year after `now`, the grant's length unless the developer chooses another. */
export function defaultExpirationDate(now: Date): string {
  const date = new Date(now.getTime());
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString();
}

/** The end (UTC) of a day given as YYYY-MM-DD, as a date input gives it; null for anything else. */
export function expirationFromDay(day: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const start = Date.parse(`${day}T00:00:00.000Z`);
  if (Number.isNaN(start) || new Date(start).toISOString().slice(0, 10) !== day) return null;
  return new Date(start + DAY_MS - 1000).toISOString();
}

/** The day (UTC, YYYY-MM-DD) of an ISO date, for a date input. */
export const dayOf = (iso: string) => iso.slice(0, 10);

/** DIMO's login address with no trailing slash: links are written `{login}/?…`. */
const loginBase = (loginUrl: string) => loginUrl.replace(/\/+$/, "");

/**
 * The link as a URL. Each value of a list is its own repeated key, as DIMO's login reads lists; empty lists and unset
 * options are left out. It checks nothing: `shareLinkProblems` says what DIMO would refuse.
 */
export function shareLinkUrl(loginUrl: string, link: ShareLink): string {
  const params = new URLSearchParams();
  params.append("clientId", link.clientId);
  params.append("redirectUri", link.redirectUri);
  params.append("entryState", ENTRY_STATE);
  if (link.access.kind === "template") params.append("permissionTemplateId", link.access.templateId);
  else params.append("permissions", permissionsToBits(link.access.privileges));
  for (const vehicle of link.vehicles) params.append("vehicles", String(vehicle));
  for (const make of link.vehicleMakes) params.append("vehicleMakes", make);
  for (const type of link.powertrainTypes) params.append("powertrainTypes", type);
  if (link.expirationDate) params.append("expirationDate", link.expirationDate);
  for (const oracle of link.onboarding) params.append("onboarding", oracle);
  if (link.utm) params.append("utm", link.utm);
  if (link.altTitle) params.append("altTitle", "true");
  if (link.brandName) params.append("brandName", link.brandName);
  return `${loginBase(loginUrl)}/?${params.toString()}`;
}

export interface ProblemContext {
  now: Date;
  /** The license's registered redirect URIs; DIMO compares the link's with them exactly. Unchecked when absent. */
  redirectUris?: readonly string[];
}

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
};

/** What DIMO's login would refuse or misread in the link, each in a sentence; empty when there is nothing. */
export function shareLinkProblems(link: ShareLink, context: ProblemContext): string[] {
  const problems: string[] = [];
  if (!/^0x[0-9a-fA-F]{40}$/.test(link.clientId)) {
    problems.push("The client id must be the license's address: 0x and 40 hexadecimal digits.");
  }
  if (!isHttpUrl(link.redirectUri)) {
    problems.push("The redirect URI must be a web address that starts with http:// or https://.");
  } else if (context.redirectUris && !context.redirectUris.includes(link.redirectUri)) {
    problems.push(
      `The redirect URI ${link.redirectUri} is not registered for the license, so DIMO's login would refuse the ` +
        "link. Choose a registered one, or register it for the license in DIMO's console first.",
    );
  }
  if (link.access.kind === "privileges" && link.access.privileges.length === 0) {
    problems.push("Choose at least one permission, or a permission template: a link that asks for nothing is refused.");
  }
  if (link.access.kind === "template" && !/^[1-9]\d*$/.test(link.access.templateId)) {
    problems.push("A permission template is named by its number, such as 1 or 2.");
  }
  for (const vehicle of link.vehicles) {
    if (!Number.isInteger(vehicle) || vehicle < 1 || vehicle > MAX_INT32) {
      problems.push(`Vehicle ids are whole numbers from 1 up: ${vehicle} is not one.`);
    }
  }
  if (link.vehicleMakes.some((make) => make.trim() === "")) problems.push("A make cannot be empty.");
  for (const type of link.powertrainTypes) {
    if (!POWERTRAIN_TYPES.some((known) => known.id === type)) {
      problems.push(
        `The powertrain types are ${POWERTRAIN_TYPES.map((known) => known.id).join(", ")}: ${type} is not one.`,
      );
    }
  }
  if (link.expirationDate !== undefined) {
    const ends = Date.parse(link.expirationDate);
    if (Number.isNaN(ends)) problems.push(`The expiry ${link.expirationDate} is not a date.`);
    else if (ends <= context.now.getTime()) {
      problems.push("The expiry is in the past: every grant would have ended before an owner could open the link.");
    }
  }
  if (link.onboarding.some((oracle) => oracle.trim() === ""))
    problems.push("An onboarding connection cannot be empty.");
  if (link.utm !== undefined) problems.push(...nameProblems(link.utm));
  return problems;
}

/**
 * What is wrong with a link's name, which travels as its `utm`. DIMO's login reads a `utm` with an "=" as query
 * parameters of its own and would send back something else, so the name may hold neither "=" nor "&".
 */
export function nameProblems(name: string): string[] {
  const problems: string[] = [];
  if (name.trim() === "") problems.push("Give the link a name: it says which link brought which vehicle.");
  if (name.length > NAME_MAX_LENGTH) problems.push(`A link's name is at most ${NAME_MAX_LENGTH} characters long.`);
  if (/[=&]/.test(name)) {
    problems.push('A link\'s name cannot hold "=" or "&": DIMO\'s login would read it as parameters, not as the name.');
  }
  return problems;
}

export type ParsedShareLink = { ok: true; loginUrl: string; link: ShareLink } | { ok: false; problems: string[] };

/**
 * Reads a share link back from its URL. A template wins over a `permissions` string when a link holds both, as in
 * DIMO's login. Only the form is checked here; `shareLinkProblems` checks the values.
 */
export function parseShareLinkUrl(value: string): ParsedShareLink {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, problems: ["This is not a web address."] };
  }
  const params = url.searchParams;
  const problems: string[] = [];
  const entryState = params.get("entryState");
  if (entryState !== ENTRY_STATE) {
    problems.push(
      entryState === null
        ? "The link has no entryState: DIMO's login would only sign the owner in."
        : `The link's entryState is ${entryState}, not ${ENTRY_STATE}: it does not ask to share vehicles.`,
    );
  }
  const clientId = params.get("clientId");
  if (!clientId) problems.push("The link names no clientId: DIMO's login would not know which license asks.");
  const redirectUri = params.get("redirectUri");
  if (!redirectUri)
    problems.push("The link names no redirectUri: DIMO's login would not know where to send owners back.");

  const templateId = params.get("permissionTemplateId");
  const bits = params.get("permissions");
  let access: ShareAccess | undefined;
  if (templateId) access = { kind: "template", templateId };
  else if (bits !== null) {
    const privileges = bitsToPermissions(bits);
    if (privileges === null) {
      problems.push(`The permissions ${bits} are not a string of at most sixteen 0s and 1s.`);
    } else access = { kind: "privileges", privileges };
  } else problems.push("The link asks for no permissions and names no permission template.");

  const vehicles: number[] = [];
  for (const id of params.getAll("vehicles")) {
    if (/^\d+$/.test(id)) vehicles.push(Number(id));
    else problems.push(`The vehicle id ${id} is not a whole number.`);
  }

  if (problems.length > 0 || !clientId || !redirectUri || !access) return { ok: false, problems };
  const optional = (name: string) => params.get(name) ?? undefined;
  const expirationDate = optional("expirationDate");
  const utm = optional("utm");
  const brandName = optional("brandName");
  return {
    ok: true,
    loginUrl: `${url.origin}${url.pathname.replace(/\/+$/, "")}`,
    link: {
      clientId,
      redirectUri,
      access,
      vehicles,
      vehicleMakes: params.getAll("vehicleMakes"),
      powertrainTypes: params.getAll("powertrainTypes"),
      ...(expirationDate === undefined ? {} : { expirationDate }),
      onboarding: params.getAll("onboarding"),
      ...(utm === undefined ? {} : { utm }),
      ...(params.get("altTitle") === "true" ? { altTitle: true } : {}),
      ...(brandName === undefined ? {} : { brandName }),
    },
  };
}
