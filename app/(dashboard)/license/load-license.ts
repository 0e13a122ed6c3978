import "server-only";
import { getConfig } from "@/lib/config";
import { AppFailure } from "@/lib/result";
import { getLicenseChainReader } from "@/lib/server/api-keys";
import { guarded } from "@/lib/server/guard";
import { noInput } from "@/lib/server/inputs";
import type { LicenseView } from "@/components/license/license-view";

/** Reads the license from the chain now: DIMO's identity API indexes it with a lag. */
export const loadLicense = guarded(noInput, async function loadLicense(): Promise<Omit<LicenseView, "keys">> {
  const config = getConfig();
  const { contract, rpcUrl, id, name } = config.licenseChain;
  const reader = getLicenseChainReader();
  if (!rpcUrl || !reader) {
    throw new AppFailure({
      code: "UNAVAILABLE",
      message: "No JSON-RPC endpoint of the license's chain is configured: set DIMO_RPC_URL.",
      retryable: false,
    });
  }
  const tokenId = await reader.tokenIdOf(config.license.clientId);
  if (tokenId === null) {
    throw new AppFailure({
      code: "NOT_FOUND",
      message: `The license contract knows no license with the client id ${config.license.clientId}.`,
      retryable: false,
    });
  }
  const [license, redirectUris, chainNow] = await Promise.all([
    reader.license(tokenId),
    reader.redirectUris(tokenId),
    reader.now(),
  ]);
  return {
    tokenId: tokenId.toString(),
    alias: license.alias,
    clientId: license.clientId,
    owner: license.owner,
    contract,
    chain: { id, name, rpcUrl: config.env === "sandbox" ? rpcUrl : undefined },
    redirectUris,
    dashboardUris: [...new Set([config.license.domain, config.dimoLogin.redirectUri])],
    chainNow,
  };
});
