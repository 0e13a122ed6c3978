import "server-only";
import { randomUUID } from "node:crypto";
import { type KeyValueStore } from "@/lib/store/types";

/**
 * The API keys the dashboard made, as the shared store keeps them: one JSON list per license, each key sealed
 * (sealed-key.ts), so every instance reads the same keys and none holds one in the clear. Changes take a short lock,
 * so two instances adding or confirming at once do not lose each other's write.
 */

export interface StoredApiKey {
  signer: `0x${string}`;
  /** The private key, sealed with the server's secret: never the key itself. */
  sealed: string;
  createdAt: number;
  /** The wallet of the owner who asked for it. */
  createdBy: `0x${string}`;
  /** Set once the chain showed the signer enabled: its block time, and when its validity ends. */
  enabledAt?: number;
  expiresAt?: number;
}

/** Kept as long as the store keeps anything: the keys' own validity is the chain's to say. */
const KEEP_MS = 100 * 365 * 24 * 3600_000;
const LOCK_TTL_MS = 10_000;
const LOCK_ATTEMPTS = 50;
const LOCK_WAIT_MS = 100;

const listKey = (clientId: string) => `api-keys:${clientId.toLowerCase()}`;

export class ApiKeyStore {
  constructor(
    private readonly store: KeyValueStore,
    private readonly clientId: string,
  ) {}

  async list(): Promise<StoredApiKey[]> {
    const raw = await this.store.get(listKey(this.clientId));
    return raw ? (JSON.parse(raw) as StoredApiKey[]) : [];
  }

  /** Applies `change` to the list under the lock; returns what it returned. */
  async update<T>(change: (keys: StoredApiKey[]) => { keys: StoredApiKey[]; result: T }): Promise<T> {
    const key = listKey(this.clientId);
    const lock = `${key}:lock`;
    const holder = randomUUID();
    for (let attempt = 0; !(await this.store.setIfAbsent(lock, holder, LOCK_TTL_MS)); attempt += 1) {
      if (attempt >= LOCK_ATTEMPTS) throw new Error("The API keys are being changed by another request.");
      await new Promise((resolve) => setTimeout(resolve, LOCK_WAIT_MS));
    }
    try {
      const { keys, result } = change(await this.list());
      await this.store.set(key, JSON.stringify(keys), KEEP_MS);
      return result;
    } finally {
      await this.store.deleteIfEquals(lock, holder);
    }
  }
}
