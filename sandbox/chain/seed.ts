import {
  keccak256,
  toHex,
  type Account,
  type Chain,
  type Hex,
  type PublicClient,
  type Transport,
  type WalletClient,
} from "viem";
import { privateKeyToAddress } from "viem/accounts";
import { DEV_LICENSE_ABI } from "@/lib/chain/dev-license-abi";
import { SANDBOX_DEV_LICENSE_ADDRESS } from "@/lib/chain/sandbox-chain";
import { DEMO_LICENSE, DEMO_LOGIN_ACCOUNTS } from "@/lib/demo-license";
import { deterministicWallet, OTHER_LICENSE } from "../seed/wallets";

/** Deploys the license contract and mints every license: its first transaction puts the contract at a fixed address. */
const DEPLOYER = deterministicWallet("license contract deployer");

/** The browser tests' wallets (e2e/fixtures/wallets.ts derives them from the same phrases). */
const E2E_WALLETS = ["dimo-dashboard e2e: admin wallet", "dimo-dashboard e2e: stranger wallet"].map((phrase) =>
  privateKeyToAddress(keccak256(toHex(phrase))),
);

/** Wallets that hold native currency from the start, so they can pay for transactions. */
export const FUNDED_WALLETS: Hex[] = [
  DEPLOYER.address,
  DEMO_LICENSE.owner.address,
  OTHER_LICENSE.owner,
  ...Object.values(DEMO_LOGIN_ACCOUNTS).map((account) => account.address),
  ...E2E_WALLETS,
];

/** ABI of the sandbox's own minting function (DIMO's contract mints through its license account factory instead). */
const ISSUE_ABI = [
  {
    type: "function",
    name: "issue",
    stateMutability: "nonpayable",
    inputs: [
      { name: "to", type: "address" },
      { name: "licenseAlias", type: "string" },
      { name: "clientId", type: "address" },
    ],
    outputs: [{ name: "tokenId", type: "uint256" }],
  },
] as const;

type Signer = WalletClient<Transport, Chain, Account>;

interface LicenseSeed {
  owner: { client: Signer; address: Hex };
  alias: string;
  clientId: Hex;
  redirectUris: string[];
  signers: Hex[];
}

/**
 * Deploys the contract and mints the demo license and the other license, as their owners would set them up: the
 * alias at minting, then the redirect URIs and the signers, each in its own transaction.
 */
export async function seedLicenses(
  client: PublicClient,
  wallet: (privateKey: Hex) => Signer,
  bytecode: Hex,
  demoRedirectUris: string[],
  demoOwnerKey: Hex,
): Promise<void> {
  const deployer = wallet(DEPLOYER.privateKey);
  const wait = async (hash: Hex) => {
    // Mined as it is sent (the chain mines each transaction at once).
    const receipt = await client.getTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`seeding transaction ${hash} reverted`);
    return receipt;
  };
  const deployed = await wait(await deployer.deployContract({ abi: [], bytecode }));
  if (deployed.contractAddress?.toLowerCase() !== SANDBOX_DEV_LICENSE_ADDRESS.toLowerCase()) {
    throw new Error(`the license contract landed at ${deployed.contractAddress}, not ${SANDBOX_DEV_LICENSE_ADDRESS}`);
  }
  const other = deterministicWallet("other license owner");
  const licenses: LicenseSeed[] = [
    {
      owner: { client: wallet(demoOwnerKey), address: DEMO_LICENSE.owner.address },
      alias: DEMO_LICENSE.alias,
      clientId: DEMO_LICENSE.clientId,
      redirectUris: demoRedirectUris,
      signers: [DEMO_LICENSE.apiKeySigner],
    },
    {
      owner: { client: wallet(other.privateKey), address: other.address },
      alias: OTHER_LICENSE.alias,
      clientId: OTHER_LICENSE.clientId,
      redirectUris: [OTHER_LICENSE.redirectUri],
      signers: [],
    },
  ];
  const contract = { address: SANDBOX_DEV_LICENSE_ADDRESS } as const;
  for (const [index, license] of licenses.entries()) {
    const tokenId = BigInt(index + 1);
    await wait(
      await deployer.writeContract({
        ...contract,
        abi: ISSUE_ABI,
        functionName: "issue",
        args: [license.owner.address, license.alias, license.clientId],
      }),
    );
    const owner = license.owner.client;
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
