/** The inbox's words, shared by the server and the inbox page (no server import). */

export interface InboxDelivery {
  id: string;
  receivedAt: string;
  /** The CloudEvent as sent: parsed JSON, or the text when it was not JSON. */
  body: unknown;
  contentType: string | null;
  userAgent: string | null;
  /** Whether the body was cut at the inbox's limit. */
  truncated: boolean;
}

export interface InboxView {
  /** The inbox's address, with its secret path: a webhook's target. */
  url: string;
  /** What the inbox answers the Vehicle Triggers API's verification call with. */
  verificationToken: string;
  /** Newest first. */
  deliveries: InboxDelivery[];
  /** The most deliveries kept; older ones are dropped. */
  cap: number;
}
