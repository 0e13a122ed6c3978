import { keccak256, parseAbi, toHex, type Hex } from "viem";
import { privateKeyToAddress } from "viem/accounts";
import { DEV_LICENSE_ABI } from "@/lib/chain/dev-license-abi";
import { SANDBOX_DEV_LICENSE_ADDRESS } from "@/lib/chain/sandbox-chain";
import { DEMO_LICENSE, DEMO_LOGIN_ACCOUNTS } from "@/lib/demo-license";
import { DEMO_OWNER } from "../demo-license";
import { deterministicWallet, OTHER_LICENSE } from "../seed/wallets";
import { type ChainNode } from "./node";

/** Deploys the license contract and mints every license: its first transaction puts the contract at a fixed address. */
const DEPLOYER = deterministicWallet("license contract deployer");

/** The browser tests' wallets (e2e/fixtures/wallets.ts derives them from the same phrases). */
const E2E_WALLETS = ["dimo-dashboard e2e: admin wallet", "dimo-dashboard e2e: stranger wallet"].map((phrase) =>
  privateKeyToAddress(keccak256(toHex(phrase))),
);

/**
 * The sandbox's own minting function. DIMO's contract mints through its license account factory instead, so
 * DEV_LICENSE_ABI (DIMO's functions, which the dashboard calls too) has no such function.
 */
const ISSUE_ABI = parseAbi([
  "function issue(address to, string licenseAlias, address clientId) returns (uint256 tokenId)",
]);

interface LicenseSeed {
  ownerKey: Hex;
  alias: string;
  clientId: Hex;
  redirectUris: string[];
  signers: Hex[];
}

/** What the seeded chain is made of, as plain data (the seeded chain's cache is keyed by it). */
export interface ChainSeed {
  /** Wallets that hold native currency from the start, so they can pay for transactions. */
  funded: Hex[];
  fundingWei: Hex;
  /** Minted in this order: token 1, token 2. */
  licenses: LicenseSeed[];
}

/** The demo license (`demoRedirectUris` are its redirect URIs) and the other license, and the wallets funded. */
export function chainSeed(demoRedirectUris: string[]): ChainSeed {
  const other = deterministicWallet("other license owner");
  return {
    funded: [
      DEPLOYER.address,
      DEMO_LICENSE.owner.address,
      OTHER_LICENSE.owner,
      ...Object.values(DEMO_LOGIN_ACCOUNTS).map((account) => account.address),
      ...E2E_WALLETS,
    ],
    fundingWei: toHex(10n ** 21n),
    licenses: [
      {
        ownerKey: DEMO_OWNER.privateKey,
        alias: DEMO_LICENSE.alias,
        clientId: DEMO_LICENSE.clientId,
        redirectUris: demoRedirectUris,
        signers: [DEMO_LICENSE.apiKeySigner],
      },
      {
        ownerKey: other.privateKey,
        alias: OTHER_LICENSE.alias,
        clientId: OTHER_LICENSE.clientId,
        redirectUris: [OTHER_LICENSE.redirectUri],
        signers: [],
      },
    ],
  };
}

/**
 * Funds the wallets, deploys the contract and mints the licenses, as their owners would set them up: the alias at
 * minting, then the redirect URIs and the signers, each in its own signed transaction.
 */
export async function seedChain(node: ChainNode, bytecode: Hex, seed: ChainSeed): Promise<void> {
  for (const address of seed.funded) await node.control("evm_setAccountBalance", [address, seed.fundingWei]);
  const deployer = node.wallet(DEPLOYER.privateKey);
  const wait = async (hash: Hex) => {
    // Mined as it is sent (the chain mines each transaction at once).
    const receipt = await node.client.getTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`seeding transaction ${hash} reverted`);
    return receipt;
  };
  const deployed = await wait(await deployer.deployContract({ abi: [], bytecode }));
  if (deployed.contractAddress?.toLowerCase() !== SANDBOX_DEV_LICENSE_ADDRESS.toLowerCase()) {
    throw new Error(`the license contract landed at ${deployed.contractAddress}, not ${SANDBOX_DEV_LICENSE_ADDRESS}`);
  }
  const contract = { address: SANDBOX_DEV_LICENSE_ADDRESS } as const;
  for (const [index, license] of seed.licenses.entries()) {
    const tokenId = BigInt(index + 1);
    const owner = node.wallet(license.ownerKey);
    await wait(
      await deployer.writeContract({
        ...contract,
        abi: ISSUE_ABI,
        functionName: "issue",
        args: [owner.account.address, license.alias, license.clientId],
      }),
    );
    for (const uri of license.redirectUris) {
      await wait(
        await owner.writeContract({
          ...contract,
          abi: DEV_LICENSE_ABI,
          functionName: "setRedirectUri",
          args: [tokenId, true, uri],
        }),
      );
    }
    for (const signer of license.signers) {
      await wait(
        await owner.writeContract({
          ...contract,
          abi: DEV_LICENSE_ABI,
          functionName: "enableSigner",
          args: [tokenId, signer],
        }),
      );
    }
  }
}
