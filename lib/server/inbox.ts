import "server-only";
import { randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { getConfig } from "@/lib/config";
import { getStores } from "@/lib/store";
import { noteFleetHint } from "./fleet";
import { guarded } from "./guard";
import { type InboxDelivery, type InboxView } from "@/lib/models/inbox";
import { noInput } from "./inputs";

/**
 * The dashboard's own webhook target: `/api/inbox/<secret>`, one unguessable secret per license, kept in the shared
 * store (Redis when configured, so every instance answers the same address and sees the same deliveries). DIMO does not
 * sign deliveries, so the secret path is the inbox's only guard: it proves the sender knew the address, not that it
 * was DIMO. So the inbox is a window: its deliveries are shown, and nothing they claim enters the product's state (the
 * fleet takes one only as a hint to read a vehicle from the Telemetry API). The owner rotates the secret when someone
 * who saw it should no longer post there; the old address then answers like any unknown one.
 */

export const INBOX_CAP = 200;
/** A CloudEvent is a few hundred bytes; anything past this is kept cut. */
const BODY_LIMIT = 64 * 1024;
/** The secret lives as long as the store keeps it: a year, or until the owner rotates it. */
const SECRET_TTL_MS = 365 * 24 * 3_600_000;

interface InboxKeys {
  secret: string;
  token: string;
}

const keysKey = () => `inbox:keys:${getConfig().license.clientId.toLowerCase()}`;
const logKey = (secret: string) => `inbox:deliveries:${secret}`;

function parseKeys(text: string | null): InboxKeys | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<InboxKeys>;
    return typeof value.secret === "string" && typeof value.token === "string"
      ? { secret: value.secret, token: value.token }
      : null;
  } catch {
    return null;
  }
}

const newSecret = () => randomBytes(24).toString("base64url");

/** The license's inbox secret and verification token, made on first use; concurrent first uses agree on one. */
async function inboxKeys(): Promise<InboxKeys> {
  const { keyValue } = getStores();
  const key = keysKey();
  const existing = parseKeys(await keyValue.get(key));
  if (existing) return existing;
  const fresh: InboxKeys = { secret: newSecret(), token: randomBytes(16).toString("hex") };
  await keyValue.setIfAbsent(key, JSON.stringify(fresh), SECRET_TTL_MS);
  return parseKeys(await keyValue.get(key)) ?? fresh;
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** The inbox's keys when `secret` is its path; null for any other path, and before the inbox exists. */
export async function inboxFor(secret: string): Promise<InboxKeys | null> {
  const keys = parseKeys(await getStores().keyValue.get(keysKey()));
  return keys && sameText(keys.secret, secret) ? keys : null;
}

export function inboxUrl(secret: string): string {
  return `${getConfig().publicUrl.replace(/\/+$/, "")}/api/inbox/${secret}`;
}

/** Records one delivery's body as received, cut at the limit. */
export async function recordDelivery(
  secret: string,
  request: { text: string; contentType: string | null; userAgent: string | null },
  now = Date.now(),
): Promise<void> {
  const truncated = request.text.length > BODY_LIMIT;
  const text = truncated ? request.text.slice(0, BODY_LIMIT) : request.text;
  let body: unknown = text;
  if (!truncated) {
    try {
      body = JSON.parse(text);
    } catch {
      // Kept as text.
    }
  }
  const delivery: InboxDelivery = {
    id: randomUUID(),
    receivedAt: new Date(now).toISOString(),
    body,
    contentType: request.contentType,
    userAgent: request.userAgent,
    truncated,
  };
  await getStores().logs.append(logKey(secret), JSON.stringify(delivery), INBOX_CAP);
  // At most a hint that the vehicle is worth reading again: the map shows what the Telemetry API answers.
  if (!truncated) await noteFleetHint(body);
}

/**
 * Gives the inbox a new secret: the old address stops at once (it answers 404, like any unknown path) and its
 * deliveries are dropped with it. The verification token stays, so a webhook aimed at the old address is moved to the
 * new one by editing its target alone. For the owner's action, and for whatever removes a member who saw the address.
 */
export async function rotateInboxSecret(): Promise<void> {
  const { keyValue, logs } = getStores();
  const old = await inboxKeys();
  await keyValue.set(keysKey(), JSON.stringify({ ...old, secret: newSecret() }), SECRET_TTL_MS);
  await logs.clear(logKey(old.secret));
}

async function readDeliveries(secret: string): Promise<InboxDelivery[]> {
  const rows = await getStores().logs.list(logKey(secret));
  const deliveries: InboxDelivery[] = [];
  for (const row of rows) {
    try {
      deliveries.push(JSON.parse(row) as InboxDelivery);
    } catch {
      // A row this version cannot read is skipped.
    }
  }
  return deliveries.reverse();
}

/** The inbox's address, verification token and deliveries (newest first), for the signed-in developer. */
export const readInbox = guarded(noInput, async function readInbox(): Promise<InboxView> {
  const keys = await inboxKeys();
  return {
    url: inboxUrl(keys.secret),
    verificationToken: keys.token,
    deliveries: await readDeliveries(keys.secret),
    cap: INBOX_CAP,
  };
});

/** The inbox's address and token alone, which the create form offers as the default target. */
export async function inboxTarget(): Promise<{ url: string; verificationToken: string }> {
  const keys = await inboxKeys();
  return { url: inboxUrl(keys.secret), verificationToken: keys.token };
}
