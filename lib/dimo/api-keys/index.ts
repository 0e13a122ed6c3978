import "server-only";
import { type RpcCall } from "@/lib/chain/server/observed-transport";
import { LicenseChainReader } from "@/lib/chain/server/license-reader";
import { getConfig } from "@/lib/config";
import { getServerSecret } from "@/lib/config/server-secret";
import { processWide } from "@/lib/process-wide";
import { getStores } from "@/lib/store";
import { newActivityId, recordActivity } from "../activity";
import { MemoryPacer, type RequestPacer, SlotPacer } from "../pacer";
import { ApiKeyStore } from "./key-store";
import { ApiKeyManager } from "./manager";

/**
 * Calls a second to the license chain's RPC endpoint: under what the common providers' free plans allow one key, and
 * far more than the License page and the key manager need.
 */
const CHAIN_CALLS_PER_SECOND = 10;

/**
 * The license's chain as the app reads it, one per process: each RPC call paced (on the real network, as DIMO's
 * services are) and shown in the activity log as the "chain" service; event scans kept in the shared store. Undefined
 * when no RPC endpoint is configured.
 */
export function getLicenseChainReader(): LicenseChainReader | undefined {
  const { licenseChain, paceRequests } = getConfig();
  const { contract, rpcUrl } = licenseChain;
  if (!rpcUrl) return undefined;
  return processWide("license-chain-reader", () => {
    const stores = getStores();
    const limits = { chain: CHAIN_CALLS_PER_SECOND };
    const pacer: RequestPacer | undefined = paceRequests
      ? stores.kind === "redis"
        ? new SlotPacer(stores.tolerant.slots, { limits })
        : new MemoryPacer({ limits })
      : undefined;
    return new LicenseChainReader({
      contract,
      rpcUrl,
      observer: { turn: pacer ? () => pacer.turn("chain") : undefined, ended: recordChainCall },
      scans: stores.tolerant.keyValue,
    });
  });
}

function recordChainCall(call: RpcCall): void {
  recordActivity({
    id: newActivityId(),
    at: new Date(call.startedAt).toISOString(),
    method: "POST",
    service: "chain",
    path: call.method,
    url: call.endpoint,
    status: call.status,
    durationMs: call.durationMs,
    attempts: 1,
    cache: "none",
    ...(call.error ? { error: call.error } : {}),
  });
}

/**
 * The app's API key manager, one per process: the environment's key, the keys the dashboard made (sealed in the
 * shared store, so every instance reads them) and the license's chain, which says which key is valid now.
 */
export function getApiKeyManager(): ApiKeyManager {
  return processWide("api-key-manager", () => {
    const config = getConfig();
    return new ApiKeyManager({
      clientId: config.license.clientId,
      environmentKey: config.license.apiKey,
      // The plain store: a key must be where every instance finds it, never only in one instance's memory.
      keys: new ApiKeyStore(getStores().keyValue, config.license.clientId),
      secret: getServerSecret,
      chain: getLicenseChainReader(),
      inUseCache: getStores().tolerant.keyValue,
    });
  });
}
