import type { TeamRole } from "./team";

/**
 * The record of who changed what through the dashboard: client-safe, so the record page, its filters and the CSV
 * agree with the server on the kinds and their names. An entry never holds a secret (no key, token or inbox secret).
 */

/** Every kind of change the dashboard records, with its name in words. */
export const CHANGE_KINDS = {
  "offer.request": "Instant offer requested",
  "webhook.create": "Webhook created",
  "webhook.update": "Webhook changed",
  "webhook.delete": "Webhook deleted",
  "webhook.test": "Webhook tested",
  "webhook.trial": "Webhook condition tried",
  "share-link.keep": "Share link kept",
  "share-link.delete": "Share link deleted",
  "attestation.create": "Attestation created",
  "license.rename": "License renamed",
  "license.redirect-uri.enable": "Redirect URI enabled",
  "license.redirect-uri.disable": "Redirect URI disabled",
  "license.api-key.create": "API key created",
  "license.api-key.enable": "API key enabled",
  "license.api-key.use": "API key put in use",
  "license.api-key.disable": "API key disabled",
  "inbox.rotate": "Inbox address rotated",
  "invitation.create": "Invitation made",
  "invitation.revoke": "Invitation revoked",
  "invitation.accept": "Invitation accepted",
  "member.role": "Member's role changed",
  "member.remove": "Member removed",
  "session.sign-in": "Signed in",
  "session.sign-out": "Signed out",
} as const;

export type ChangeKind = keyof typeof CHANGE_KINDS;

export const isChangeKind = (value: string): value is ChangeKind => Object.hasOwn(CHANGE_KINDS, value);

/** The roles a change is made under. */
export type ChangeRole = TeamRole;

/** One recorded change. */
export interface ChangeRecord {
  id: string;
  /** When, ISO 8601 (UTC). */
  at: string;
  /** Who: the signed-in wallet, lowercase. */
  actor: `0x${string}`;
  /** How they signed in: a wallet's signature or DIMO's login (with the email DIMO's token carried, if any). */
  via: "wallet" | "dimo";
  email?: string;
  role: ChangeRole;
  kind: ChangeKind;
  /** What was changed: a vehicle's token id, a webhook's id, a transaction hash, a member's address. */
  target?: string;
  /** What happened, in words. */
  detail: string;
}

/** One page of the record, newest first, and who appears in it (for the person filter). */
export interface ChangeRecordPage {
  entries: ChangeRecord[];
  /** Entries that match the filters, on every page. */
  total: number;
  page: number;
  pageCount: number;
  /** Everyone in the kept record, for the person filter. */
  people: `0x${string}`[];
}
