import "server-only";
import { getConfig } from "@/lib/config";
import { type DimoClient, createDimoClient } from "./client";
import { MemoryTokenCache, type TokenCache } from "./token-cache";

/**
 * The DIMO client for the app: one process-wide client built from the configuration on first use. Its methods are
 * declared once, on DimoClient (client.ts); the app reaches them through the guarded functions of lib/server/ and
 * lib/actions/. Tests and tools that need their own client (another sandbox, short timeouts) call createDimoClient().
 */

let instance: DimoClient | undefined;

// The token cache is kept on globalThis: Next.js may load this module once per route bundle (and again after a hot
// reload), and each copy of the client should not run its own challenge flow.
const shared = globalThis as typeof globalThis & { [key: symbol]: TokenCache | undefined };
const TOKEN_CACHE = Symbol.for("dimo-dashboard.token-cache");

export function getDimoClient(): DimoClient {
  instance ??= createDimoClient({ config: getConfig(), cache: (shared[TOKEN_CACHE] ??= new MemoryTokenCache()) });
  return instance;
}
