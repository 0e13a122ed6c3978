import "server-only";
import { processWide } from "@/lib/process-wide";
import { getStores } from "@/lib/store";
import { type ChannelStore, type ExpiringSetStore, isStoreUnavailable } from "@/lib/store/types";

/**
 * Sessions ended by sign-out. A revoked id is kept until the session would have ended anyway, so a copy of the cookie
 * taken before sign-out is refused by every instance that shares the store.
 *
 * Each instance also keeps a mirror of the revoked ids, refreshed when any instance revokes one (a message on the
 * shared channel) and every few seconds: while the shared store is unavailable, existing sessions keep working and
 * every revocation made before the outage is still honoured. A sign-out during an outage holds on this instance at
 * once and reaches the shared store when it answers again.
 */

const REVOKED = "revoked-sessions";
const CHANNEL = "revoked-sessions:live";
export const MIRROR_REFRESH_MS = 5_000;

export interface RevocationDeps {
  sets: ExpiringSetStore;
  channels: ChannelStore;
  now?: () => number;
  log?: (message: string) => void;
}

export function createRevocations({ sets, channels, now = Date.now, log = console.warn }: RevocationDeps) {
  const mirror = new Map<string, number>();
  /** Revocations the shared store has not taken yet (made during an outage). */
  const pending = new Map<string, number>();

  const remember = (sid: string, endsAtMs: number) => {
    if (endsAtMs > now()) mirror.set(sid, Math.max(endsAtMs, mirror.get(sid) ?? 0));
  };

  async function refresh(): Promise<void> {
    try {
      for (const [sid, endsAtMs] of pending) {
        await sets.add(REVOKED, sid, endsAtMs);
        await channels.publish(CHANNEL, JSON.stringify({ sid, endsAtMs })).catch(() => {});
        pending.delete(sid);
      }
      const members = await sets.members(REVOKED);
      for (const [sid, endsAtMs] of mirror) if (endsAtMs <= now()) mirror.delete(sid);
      for (const [sid, endsAtMs] of members) remember(sid, endsAtMs);
    } catch (error) {
      if (!isStoreUnavailable(error)) throw error;
    }
  }

  const stopListening = channels.subscribe(CHANNEL, (message) => {
    try {
      const { sid, endsAtMs } = JSON.parse(message) as { sid: unknown; endsAtMs: unknown };
      if (typeof sid === "string" && typeof endsAtMs === "number") remember(sid, endsAtMs);
    } catch {
      // Not one of ours.
    }
  });
  const timer = setInterval(() => void refresh(), MIRROR_REFRESH_MS);
  timer.unref?.();
  const ready = refresh();

  async function revokeSession(sid: string, endsAtMs: number): Promise<void> {
    remember(sid, endsAtMs);
    try {
      await sets.add(REVOKED, sid, endsAtMs);
      await channels.publish(CHANNEL, JSON.stringify({ sid, endsAtMs }));
    } catch (error) {
      if (!isStoreUnavailable(error)) throw error;
      pending.set(sid, endsAtMs);
      log(
        `[auth] a sign-out could not reach the shared store; it holds on this instance and is sent when the store answers.`,
      );
    }
  }

  async function isSessionRevoked(sid: string): Promise<boolean> {
    const mirrored = mirror.get(sid);
    if (mirrored !== undefined && mirrored > now()) return true;
    try {
      return await sets.has(REVOKED, sid);
    } catch (error) {
      if (!isStoreUnavailable(error)) throw error;
      return false;
    }
  }

  return {
    revokeSession,
    isSessionRevoked,
    /** Resolves once the first refresh of the mirror has ended (tests). */
    ready: () => ready,
    refresh,
    close() {
      clearInterval(timer);
      stopListening();
    },
  };
}

const revocations = () => processWide("revocations", () => createRevocations(getStores()));

export async function revokeSession(sid: string, endsAtMs: number): Promise<void> {
  await revocations().revokeSession(sid, endsAtMs);
}

export async function isSessionRevoked(sid: string): Promise<boolean> {
  return revocations().isSessionRevoked(sid);
}
