import { createHash } from "node:crypto";
import { ksuid } from "../../seed/ksuid";
import { formatTime } from "../telemetry/time";

/**
 * A stored CloudEvent's header as the Fetch API returns it; times are microseconds since the epoch. The real header's
 * optional fields are Go strings, so an absent one is answered as "", never null.
 */
export interface EventHeader {
  specversion: string;
  type: string;
  source: string;
  subject: string;
  id: string;
  time: number;
  datacontenttype: string;
  dataschema: string;
  dataversion: string;
  producer: string;
  signature: string;
  raweventid: string;
  tags: string[];
}

/** One event of a vehicle: its header, and its payload, built only when a query asks for it. */
export interface FetchEvent {
  header: EventHeader;
  indexKey: string;
  /** The JSON payload; absent for a payload stored as a blob. */
  data?: () => unknown;
  /** A payload too large to inline: downloaded through `dataUrl` instead. */
  blobKey?: string;
  /** For a tombstone: the id of the event it voids (from the same source). */
  voidsId?: string;
}

export const STATUS_TYPE = "dimo.status";
export const FINGERPRINT_TYPE = "dimo.fingerprint";
export const ATTESTATION_TYPE = "dimo.attestation";
export const TOMBSTONE_TYPE = "dimo.tombstone";

/** The data version of DIMO's default connection format, the one the sandbox's connection sends. */
export const DEFAULT_DATA_VERSION = "default/v1.0";

/** A stable KSUID for an event, from what identifies it: the same event always has the same id. */
export function eventId(timeUs: number, ...parts: (string | number)[]): string {
  const digest = createHash("sha256").update(parts.join("|")).digest();
  return ksuid(Math.floor(timeUs / 1000), digest.subarray(0, 16));
}

/** Where the index says the event is stored: by subject, day and type, as DIMO's store keys its objects. */
export function indexKey(header: Pick<EventHeader, "subject" | "time" | "type" | "id">): string {
  const time = formatTime(header.time);
  return `cloudevent/valid/${header.subject}/${time.slice(0, 10)}/${time}_${header.type}_${header.id}`;
}

const KSUID_EPOCH_SECONDS = 1_400_000_000;
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** The second (in microseconds) a KSUID event id carries, or null when the id is not a KSUID. */
export function timeOfEventId(id: string): number | null {
  if (!/^[0-9A-Za-z]{27}$/.test(id)) return null;
  let value = 0n;
  for (const ch of id) value = value * 62n + BigInt(BASE62.indexOf(ch));
  const seconds = Number(value >> 128n);
  return (seconds + KSUID_EPOCH_SECONDS) * 1e6;
}
