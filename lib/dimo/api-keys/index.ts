import "server-only";
import { LicenseChainReader } from "@/lib/chain/server/license-reader";
import { getConfig } from "@/lib/config";
import { getServerSecret } from "@/lib/config/server-secret";
import { processWide } from "@/lib/process-wide";
import { getStores } from "@/lib/store";
import { ApiKeyStore } from "./key-store";
import { ApiKeyManager } from "./manager";

/**
 * The app's API key manager, one per process: the environment's key, the keys the dashboard made (sealed in the
 * shared store, so every instance reads them) and the license's chain, which says which key is valid now.
 */
export function getApiKeyManager(): ApiKeyManager {
  return processWide("api-key-manager", () => {
    const config = getConfig();
    const { contract, rpcUrl } = config.licenseChain;
    return new ApiKeyManager({
      clientId: config.license.clientId,
      environmentKey: config.license.apiKey,
      // The plain store: a key must be where every instance finds it, never only in one instance's memory.
      keys: new ApiKeyStore(getStores().keyValue, config.license.clientId),
      secret: getServerSecret,
      chain: rpcUrl ? new LicenseChainReader({ contract, rpcUrl }) : undefined,
      inUseCache: getStores().tolerant.keyValue,
    });
  });
}
