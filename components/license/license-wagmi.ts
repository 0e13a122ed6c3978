import { type Chain, defineChain } from "viem";
import { createConfig, injected, unstable_connector } from "wagmi";
import { polygon, polygonAmoy } from "wagmi/chains";
import type { LicenseView } from "./license-view";

const KNOWN_CHAINS: Record<number, Chain> = { [polygon.id]: polygon, [polygonAmoy.id]: polygonAmoy };

/** The license's chain as wagmi needs it: Polygon's or Amoy's definitions (with their explorer), or the sandbox's. */
export function licenseChainOf(chain: LicenseView["chain"]): Chain {
  return (
    KNOWN_CHAINS[chain.id] ??
    defineChain({
      id: chain.id,
      name: chain.name,
      nativeCurrency: { name: "POL", symbol: "POL", decimals: 18 },
      rpcUrls: { default: { http: chain.rpcUrl ? [chain.rpcUrl] : [] } },
    })
  );
}

/**
 * wagmi for the License page only: the injected wallet, which also answers every read (receipts, simulations), so the
 * browser calls no RPC endpoint of its own and the page's Content-Security-Policy stays as it is.
 */
export function licenseWagmiConfig(chain: Chain) {
  return createConfig({
    chains: [chain],
    connectors: [injected()],
    transports: { [chain.id]: unstable_connector(injected) },
    ssr: true,
  });
}
