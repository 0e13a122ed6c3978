/**
 * The app's words for a vehicle's raw data: the cloud events DIMO's Fetch API keeps of what its devices sent. Plain
 * types and constants only, so the browser's Raw data tab may import them too.
 */

/** A cloud event's header, as the Fetch API serves it (CloudEvents 1.0 plus DIMO's extensions). */
export interface RawEventHeader {
  specversion: string;
  type: string;
  source: string;
  subject: string;
  id: string;
  time: string;
  datacontenttype: string | null;
  dataschema: string | null;
  dataversion: string | null;
  producer: string;
  signature: string | null;
  raweventid: string | null;
  tags: string[];
}

/**
 * An event's payload: JSON as sent, bytes in base64, or a large payload stored apart (`url`), which the server read
 * when DIMO keeps it at the Fetch API's own address and left as a link otherwise.
 */
export type RawPayload =
  | { kind: "json"; value: unknown }
  | { kind: "base64"; value: string }
  | { kind: "url"; url: string; value: unknown; note: string | null }
  | { kind: "none" };

export interface RawEvent {
  header: RawEventHeader;
  payload: RawPayload;
}

/** One type of event the vehicle has, as `availableCloudEventTypes` counts it. */
export interface RawEventTypeSummary {
  type: string;
  count: number;
  firstSeen: string;
  lastSeen: string;
}

/** What the list and the download are narrowed to; every part optional. Times are ISO, `[from, to)`. */
export interface RawEventFilter {
  type?: string;
  source?: string;
  producer?: string;
  from?: string;
  to?: string;
}

/** One page of event headers, newest first; `next` is the cursor of the page after it (older), null at the end. */
export interface RawEventPage {
  events: RawEventHeader[];
  limit: number;
  next: string | null;
}

/** Events a page of the Raw data tab lists. */
export const RAW_EVENTS_PAGE_SIZE = 50;

/** The most events one download holds; past it the file ends with a line that says so. */
export const RAW_EXPORT_MAX_EVENTS = 5_000;

/** The types DIMO's devices and connections send, as the tab names them. */
export const RAW_TYPE_LABELS: Record<string, string> = {
  "dimo.status": "Status (signals)",
  "dimo.fingerprint": "Fingerprint (VIN)",
  "dimo.attestation": "Attestation",
  "dimo.event": "Event",
};
