import { createPublicClient, createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { DEV_LICENSE_ABI } from "@/lib/chain/dev-license-abi";
import { SANDBOX_CHAIN, SANDBOX_DEV_LICENSE_ADDRESS, sandboxRpcUrl } from "@/lib/chain/sandbox-chain";
import { DEMO_LICENSE } from "@/lib/demo-license";
import { DEMO_OWNER } from "@/sandbox/demo-license";

/**
 * The demo license owner's wallet on a sandbox's chain, for tests: sends one DevLicense change for the demo license
 * (the way the License page's wallet will) and waits until it is mined; throws when it reverts. Returns its hash.
 */

type OwnerChange =
  | { functionName: "enableSigner" | "disableSigner"; args: [`0x${string}`] }
  | { functionName: "setRedirectUri"; args: [boolean, string] }
  | { functionName: "setLicenseAlias"; args: [string] };

export async function ownerSends(sandboxUrl: string, change: OwnerChange): Promise<`0x${string}`> {
  const chain = { ...SANDBOX_CHAIN, rpcUrls: { default: { http: [sandboxRpcUrl(sandboxUrl)] } } };
  const transport = http(sandboxRpcUrl(sandboxUrl), { retryCount: 0 });
  const wallet = createWalletClient({ chain, transport, account: privateKeyToAccount(DEMO_OWNER.privateKey) });
  const hash = await wallet.writeContract({
    address: SANDBOX_DEV_LICENSE_ADDRESS,
    abi: DEV_LICENSE_ABI,
    functionName: change.functionName,
    args: [BigInt(DEMO_LICENSE.tokenId), ...change.args],
  } as never);
  const receipt = await createPublicClient({ chain, transport }).waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`${change.functionName} reverted`);
  return hash;
}
