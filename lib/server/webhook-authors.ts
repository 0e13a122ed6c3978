import "server-only";
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { type DashboardSession } from "@/lib/auth/session";
import { getConfig } from "@/lib/config";
import { type AuthorStamp, type WebhookAuthorship, type WebhookChange } from "@/lib/models/webhook-authors";
import { getStores } from "@/lib/store";

/**
 * Who made and changed each webhook through the dashboard, in the shared store (Redis when configured, so every
 * instance reads the same record). DIMO keeps no author: a webhook with no record here was made outside the dashboard
 * (with the license's API key) and is the owner's.
 */

/** A record outlives any webhook a license keeps; it is deleted with its webhook. */
const RECORD_TTL_MS = 10 * 365 * 24 * 3_600_000;
/** A change holds its webhook's record this long at most, so a crashed writer blocks nobody for longer. */
const LOCK_MS = 5_000;
const LOCK_TRIES = 50;
const LOCK_PAUSE_MS = 50;

/** Changes that widen what a webhook sends where: whoever made one stays answerable for it. */
const WIDENING: ReadonlySet<WebhookChange> = new Set(["created", "edited", "enabled", "subscribed"]);

const prefix = () => `webhook-authors:${getConfig().license.clientId.toLowerCase()}`;
const recordKey = (id: string) => `${prefix()}:${id}`;
/** The ids of every webhook with a record, so a sweep reads the records without asking DIMO. */
const indexKey = () => `${prefix()}:index`;

export function authorStamp(session: DashboardSession, atMs = Date.now()): AuthorStamp {
  const method = session.signedInWith ?? { via: "wallet" };
  return {
    address: session.address,
    signedInWith: method.via,
    ...(method.via === "dimo" && method.email ? { email: method.email } : {}),
    role: session.role,
    atMs,
  };
}

function parseRecord(text: string | null): WebhookAuthorship | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as WebhookAuthorship;
    return Array.isArray(value.hands) && typeof value.lastChange?.address === "string" ? value : null;
  } catch {
    return null;
  }
}

/** Runs `change` on the webhook's record while holding it, so two instances' changes to one webhook both count. */
async function updateRecord(
  id: string,
  change: (record: WebhookAuthorship | null) => WebhookAuthorship | null,
): Promise<void> {
  const { keyValue } = getStores();
  const key = recordKey(id);
  const holder = randomUUID();
  for (let tries = 0; !(await keyValue.setIfAbsent(`${key}:lock`, holder, LOCK_MS)); tries++) {
    if (tries >= LOCK_TRIES) throw new Error("the webhook's author record is busy");
    await sleep(LOCK_PAUSE_MS);
  }
  try {
    const next = change(parseRecord(await keyValue.get(key)));
    if (next) {
      await keyValue.set(key, JSON.stringify(next), RECORD_TTL_MS);
      await getStores().sets.add(indexKey(), id, Date.now() + RECORD_TTL_MS);
    }
  } finally {
    await keyValue.deleteIfEquals(`${key}:lock`, holder);
  }
}

/**
 * Records a person's change to a webhook. Keeping makes the owner who kept it answerable in place of the people who
 * left (those still holding a role stay answerable), and ends its departure notice.
 */
export async function recordWebhookChange(id: string, session: DashboardSession, change: WebhookChange): Promise<void> {
  const stamp = authorStamp(session);
  await updateRecord(id, (record) => {
    const left = change === "kept" ? (record?.departure?.people ?? []) : [];
    const staying = (record?.hands ?? []).filter((address) => !left.includes(address));
    const hands = [...new Set([...staying, ...(WIDENING.has(change) || change === "kept" ? [stamp.address] : [])])];
    return {
      createdBy: change === "created" ? stamp : (record?.createdBy ?? null),
      lastChange: { ...stamp, change },
      hands,
      departure: change === "kept" ? null : (record?.departure ?? null),
    };
  });
}

/** Notes that the webhook was set inactive because these of its hands left. */
export async function recordDeparture(id: string, people: readonly `0x${string}`[], atMs = Date.now()): Promise<void> {
  await updateRecord(id, (record) =>
    record
      ? { ...record, departure: { people: [...new Set([...(record.departure?.people ?? []), ...people])], atMs } }
      : null,
  );
}

export async function forgetWebhookAuthorship(id: string): Promise<void> {
  await getStores().keyValue.delete(recordKey(id));
}

/** The records of these webhooks, by id; null for one made outside the dashboard. */
export async function readAuthorships(ids: readonly string[]): Promise<Map<string, WebhookAuthorship | null>> {
  const { keyValue } = getStores();
  const records = await Promise.all(ids.map(async (id) => parseRecord(await keyValue.get(recordKey(id)))));
  return new Map(ids.map((id, index) => [id, records[index] ?? null]));
}

/** The ids of the webhooks that have a record, or had one (a deleted webhook's id stays, with no record). */
export async function authoredWebhookIds(): Promise<string[]> {
  return [...(await getStores().sets.members(indexKey())).keys()];
}
