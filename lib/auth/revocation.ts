import "server-only";
import { getStores } from "@/lib/store";

/**
 * Sessions ended by sign-out. A revoked id is kept until the session would have ended anyway, so a copy of the cookie
 * taken before sign-out is refused by every instance that shares the store.
 */

const key = (sid: string) => `revoked-session:${sid}`;

export async function revokeSession(sid: string, endsAtMs: number, now = Date.now()): Promise<void> {
  await getStores().keyValue.set(key(sid), "1", endsAtMs - now);
}

export async function isSessionRevoked(sid: string): Promise<boolean> {
  return (await getStores().keyValue.get(key(sid))) !== null;
}
