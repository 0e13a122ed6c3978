import "server-only";
import { getConfig } from "@/lib/config";
import { processWide } from "@/lib/process-wide";
import { type DimoClient, createDimoClient } from "./client";
import { DIMO_RATE_LIMITS } from "@/lib/protocol";
import { MemoryPacer, type RequestPacer } from "./pacer";
import { MemoryTokenCache, type TokenCache } from "./token-cache";

/**
 * The DIMO client for the app: one process-wide client built from the configuration on first use. Its methods are
 * declared once, on DimoClient (client.ts); the app reaches them through the guarded functions of lib/server/ and
 * lib/actions/. Tests and tools that need their own client (another sandbox, short timeouts) call createDimoClient().
 */

let instance: DimoClient | undefined;

// The token cache and the pacer are one per process: each copy of this module (one per route bundle) should neither
// run its own challenge flow nor pace on its own.

export function getDimoClient(): DimoClient {
  if (instance) return instance;
  const config = getConfig();
  instance = createDimoClient({
    config,
    cache: processWide<TokenCache>("token-cache", () => new MemoryTokenCache()),
    pacer: config.paceRequests ? processWide<RequestPacer>("pacer", () => new MemoryPacer({ limits: DIMO_RATE_LIMITS })) : undefined,
  });
  return instance;
}
