import { randomUUID } from "node:crypto";
import { ActivityLog } from "@/lib/dimo/activity";
import { StoreTokenCache } from "@/lib/dimo/token-cache";
import { type Stores, createStores } from "@/lib/store";
import { testClient } from "./dimo-client";

/**
 * Two dashboard instances in one process, sharing one Redis as two `next start` would: each with its own
 * connections, stores, token cache, locks and activity log, built exactly as lib/dimo/index.ts builds the app's.
 */

export interface FleetInstance {
  name: string;
  stores: Stores;
  client: ReturnType<typeof testClient>["client"];
  activity: ActivityLog;
}

function startInstance(name: string, redisUrl: string, sandboxUrl: string, keyPrefix: string): FleetInstance {
  const stores = createStores({ url: redisUrl, keyPrefix });
  const activity = new ActivityLog();
  activity.share(stores);
  const { client } = testClient(sandboxUrl, {
    cache: new StoreTokenCache(stores.tolerant.keyValue),
    locks: stores.tolerant.keyValue,
    onActivity: (entry) => activity.record(entry),
  });
  return { name, stores, client, activity };
}

/** Two instances under a fresh key prefix, so each test starts cold. */
export function startFleet(redisUrl: string, sandboxUrl: string): [FleetInstance, FleetInstance] {
  const prefix = `fleet-test:${randomUUID()}:`;
  return [startInstance("A", redisUrl, sandboxUrl, prefix), startInstance("B", redisUrl, sandboxUrl, prefix)];
}

export async function stopFleet(instances: readonly FleetInstance[]): Promise<void> {
  await Promise.all(instances.map((instance) => instance.stores.close()));
}

/** Polls `check` until it holds or `timeoutMs` passes; resolves with its last answer. */
export async function eventually<T>(
  check: () => Promise<T> | T,
  accept: (value: T) => boolean,
  timeoutMs = 5_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (accept(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
