import "server-only";
import { randomUUID } from "node:crypto";
import type { ChangeKind, ChangeRecord, ChangeRole } from "@/lib/models/audit";
import { type CappedLogStore, getStores } from "@/lib/store";
import { targetWithoutSecrets, withoutSecrets } from "./scrub";

/**
 * The record of changes made through the dashboard, in the shared store's capped log: every instance appends to and
 * reads the same one (on Redis, XADD with MAXLEN: the append and the dropping of the oldest are one command).
 */

/** How many changes are kept; past it, the oldest are dropped. */
export const RECORD_CAP = 5_000;
const RECORD_KEY = "audit:changes";

/** What a change says about itself: the caller knows the kind, the target and the words. */
export interface ChangeNote {
  kind: ChangeKind;
  /** A vehicle's token id, a webhook's id, a transaction hash, a member's address: an id, never a secret. */
  target?: string;
  /** What happened, in words; never a key, a token or an inbox secret. */
  detail: string;
}

/** How the person signed in (lib/auth's SignInMethod, by shape: lib/auth records sign-ins here). */
type SignInMethod = { via: "wallet" } | { via: "dimo"; email?: string };

export interface ChangeInput extends ChangeNote {
  /** Who made the change: the session's wallet and how it signed in. */
  actor: { address: `0x${string}`; signedInWith?: SignInMethod };
  role: ChangeRole;
}

/** Past these lengths a detail or a target is cut: a name someone typed must not grow the shared record. */
const MAX_DETAIL = 300;
const MAX_TARGET = 100;
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The entry as it is stored: secrets scrubbed from the detail and the target, each cut to its length. */
export function toChangeRecord(input: ChangeInput, at: Date = new Date()): ChangeRecord {
  const method = input.actor.signedInWith ?? { via: "wallet" as const };
  return {
    id: randomUUID(),
    at: at.toISOString(),
    actor: input.actor.address.toLowerCase() as `0x${string}`,
    via: method.via,
    ...(method.via === "dimo" && method.email ? { email: method.email } : {}),
    role: input.role,
    kind: input.kind,
    ...(input.target !== undefined
      ? { target: cut(targetWithoutSecrets(input.target, input.kind.startsWith("license.")), MAX_TARGET) }
      : {}),
    detail: cut(withoutSecrets(input.detail), MAX_DETAIL),
  };
}

/** Appends one change to the record kept in `logs`, dropping the oldest past `cap`. */
export async function appendChange(logs: CappedLogStore, entry: ChangeRecord, cap = RECORD_CAP): Promise<void> {
  await logs.append(RECORD_KEY, JSON.stringify(entry), cap);
}

/**
 * Records one change. The change has already happened when this runs, so a store that does not answer does not turn
 * it into a failure: the loss is logged (kind only, no detail) and the caller goes on.
 */
export async function recordChange(input: ChangeInput): Promise<void> {
  const entry = toChangeRecord(input);
  try {
    await appendChange(getStores().logs, entry);
  } catch (error) {
    console.error(`record of changes: a ${entry.kind} was not recorded (${(error as Error).name})`);
  }
}

const isRecord = (value: unknown): value is ChangeRecord =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as ChangeRecord).id === "string" &&
  typeof (value as ChangeRecord).at === "string" &&
  typeof (value as ChangeRecord).actor === "string" &&
  typeof (value as ChangeRecord).kind === "string";

function parseEntry(text: string): ChangeRecord[] {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? [value] : [];
  } catch {
    return [];
  }
}

/** Every kept change, newest first. */
export async function readChanges(logs: CappedLogStore = getStores().logs): Promise<ChangeRecord[]> {
  const kept = await logs.list(RECORD_KEY);
  return kept.flatMap(parseEntry).reverse();
}
