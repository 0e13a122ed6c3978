import "server-only";
import { getConfig } from "@/lib/config";
import { processWide } from "@/lib/process-wide";
import { getStores } from "@/lib/store";
import { processActivityLog } from "./activity";
import { type DimoClient, createDimoClient } from "./client";
import { DIMO_RATE_LIMITS } from "@/lib/protocol";
import { MemoryPacer, type RequestPacer, SlotPacer } from "./pacer";
import { MemoryTokenCache, StoreTokenCache, type TokenCache } from "./token-cache";
import { getApiKeyManager } from "./api-keys";

export type { DimoClient } from "./client";

/**
 * The DIMO client for the app: one process-wide client built from the configuration on first use. Its methods are
 * declared once, per service in facade/, and joined on DimoClient (client.ts); the app reaches them through the
 * guarded functions of lib/server/ and lib/actions/, and lib/auth/ to ask who owns the license. Tests and tools that
 * need their own client (another sandbox, short timeouts) call createDimoClient().
 *
 * With REDIS_URL the token cache, the single-flight locks, the pacer and the activity log are shared by every
 * instance (the cache, locks and pacer falling back to this process's memory while Redis is unavailable).
 */

let instance: DimoClient | undefined;

// The token cache and the pacer are one per process: each copy of this module (one per route bundle) should neither
// run its own challenge flow nor pace on its own.

export function getDimoClient(): DimoClient {
  if (instance) return instance;
  const config = getConfig();
  const stores = getStores();
  const shared = stores.kind === "redis";
  if (shared) processWide("activity-shared", () => (processActivityLog().share(stores), true));
  instance = createDimoClient({
    config,
    cache: processWide<TokenCache>("token-cache", () =>
      shared ? new StoreTokenCache(stores.tolerant.keyValue) : new MemoryTokenCache(),
    ),
    locks: shared ? stores.tolerant.keyValue : undefined,
    pacer: config.paceRequests
      ? processWide<RequestPacer>("pacer", () =>
          shared
            ? new SlotPacer(stores.tolerant.slots, { limits: DIMO_RATE_LIMITS })
            : new MemoryPacer({ limits: DIMO_RATE_LIMITS }),
        )
      : undefined,
    signingKey: () => getApiKeyManager().signingKey(),
  });
  return instance;
}
