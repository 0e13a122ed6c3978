/**
 * Who made and changed a webhook through the dashboard, as the webhooks list shows it. Plain types only, so browser
 * code may import them too.
 */

/** A change a person made to a webhook through the dashboard. */
export type WebhookChange = "created" | "edited" | "enabled" | "disabled" | "subscribed" | "unsubscribed" | "kept";

/** Who did something and when: the wallet, how it signed in (DIMO's login carries an email), its role then. */
export interface AuthorStamp {
  address: `0x${string}`;
  signedInWith: "wallet" | "dimo";
  email?: string;
  role: string;
  atMs: number;
}

export interface WebhookAuthorship {
  /** Who created it; null when it was made outside the dashboard and changed here since. */
  createdBy: AuthorStamp | null;
  lastChange: AuthorStamp & { change: WebhookChange };
  /**
   * Everyone whose widening change (create, edit, enable, subscribe) is in force: when one of them no longer holds a
   * role, the webhook is set inactive until the owner keeps it, which puts the owner in place of those who left.
   */
  hands: `0x${string}`[];
  /** Set when the webhook was set inactive because some of its hands left; cleared when the owner keeps it. */
  departure: { people: `0x${string}`[]; atMs: number } | null;
}
