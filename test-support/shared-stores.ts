import { randomUUID } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { createMemoryStores } from "@/lib/store/memory";
import { createRedisStores } from "@/lib/store/redis";
import type { SharedStores } from "@/lib/store/types";
import { type RedisServer, startRedisServer } from "./redis";

/**
 * The shared stores a contract test runs against: in memory, and on a real redis-server started for the test file.
 * Registers the file's hooks; every store opened through it is closed after the file.
 */
export function sharedStoreKinds() {
  let redis: RedisServer | undefined;
  const opened: SharedStores[] = [];
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await Promise.all(opened.map((stores) => stores.close()));
    await redis?.stop();
  });

  /** Stores on the file's redis-server; two opened with one prefix are two instances of one deployment. */
  const openRedis = (prefix = `test:${randomUUID()}:`, url?: string): SharedStores => {
    if (!redis) throw new Error("The redis-server starts before the tests.");
    const stores = createRedisStores({ url: url ?? redis.url, prefix });
    opened.push(stores);
    return stores;
  };

  const kinds: [string, () => SharedStores][] = [
    ["memory", () => createMemoryStores()],
    ["redis", () => openRedis()],
  ];
  return { kinds, openRedis };
}
