import { createConfig, http, injected } from "wagmi";
import { mainnet } from "wagmi/chains";

/**
 * wagmi for the sign-in page only: injected wallets (window.ethereum and EIP-6963 announcements: MetaMask, Rabby...).
 * Signing a message needs no RPC; the transport exists because wagmi requires one per chain.
 */
export const walletConfig = createConfig({
  chains: [mainnet],
  connectors: [injected()],
  transports: { [mainnet.id]: http() },
  ssr: true,
});
