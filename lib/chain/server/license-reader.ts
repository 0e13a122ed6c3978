import "server-only";
import {
  type PublicClient,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
  createPublicClient,
  getAddress,
} from "viem";
import { DEV_LICENSE_ABI } from "@/lib/chain/dev-license-abi";
import { SANDBOX_DEV_LICENSE_ADDRESS } from "@/lib/chain/sandbox-chain";
import { type KeyValueStore } from "@/lib/store/types";
import { findDeploymentBlock, scanEvents } from "./event-scan";
import { type RpcObserver, observedTransport } from "./observed-transport";

/**
 * Reads a Developer License from DIMO's DevLicense contract over JSON-RPC (viem's public client): what is true on the
 * chain now, ahead of DIMO's identity API, which indexes it with a lag. The contract keeps no list of a license's
 * redirect URIs or signers, only a status per entry, so the lists are the entries its events ever named, each then
 * read afresh (a disabled one drops out); the events are read from the contract's deployment block on, once (see
 * event-scan.ts). Never writes: every change is the owner's wallet's.
 */

export interface LicenseChain {
  /** The DevLicense contract's address. */
  contract: `0x${string}`;
  rpcUrl: string;
  /** The block the contract was deployed in, when known; otherwise found on the chain, once. */
  deployedAt?: bigint;
  /** Paces each RPC call and hears of it once it ended. */
  observer?: RpcObserver;
  /** Where event scans are kept between reads (the shared store, so instances share them). */
  scans?: KeyValueStore;
}

export interface LicenseOnChain {
  tokenId: bigint;
  owner: `0x${string}`;
  alias: string;
  clientId: `0x${string}`;
}

/** A signer the contract has enabled for the license, with its times in milliseconds since the epoch. */
export interface SignerOnChain {
  address: `0x${string}`;
  enabledAt: number;
  expiresAt: number;
  /** `isSigner`: enabled and within its validity period by the chain's clock. */
  valid: boolean;
}

const secondsToMs = (seconds: bigint) => Number(seconds) * 1000;

/**
 * Deployment blocks known without asking the chain. The sandbox deploys its contract among its first blocks. DIMO's
 * repositories record no block for Polygon's or Amoy's contract, so those are found on the chain (docs/dimo-api.md).
 */
const KNOWN_DEPLOYMENT_BLOCKS: Record<string, bigint> = { [SANDBOX_DEV_LICENSE_ADDRESS.toLowerCase()]: 0n };

export class LicenseChainReader {
  private readonly client: PublicClient;
  private readonly contract: `0x${string}`;
  private deployedAt: Promise<bigint> | undefined;
  /** The widest eth_getLogs span the endpoint accepted (event-scan.ts narrows it on a refusal). */
  private readonly spans: { span: bigint | undefined } = { span: undefined };

  constructor(private readonly chain: LicenseChain) {
    this.contract = chain.contract;
    this.client = createPublicClient({ transport: observedTransport(chain.rpcUrl, chain.observer) });
    const known = chain.deployedAt ?? KNOWN_DEPLOYMENT_BLOCKS[chain.contract.toLowerCase()];
    if (known !== undefined) this.deployedAt = Promise.resolve(known);
  }

  private deploymentBlock(): Promise<bigint> {
    const found =
      this.deployedAt ??
      findDeploymentBlock(this.client, this.contract).catch((error: unknown) => {
        // A failed search is tried again on the next read.
        this.deployedAt = undefined;
        throw error;
      });
    this.deployedAt = found;
    return found;
  }

  private read<T>(functionName: string, args: readonly unknown[]): Promise<T> {
    return this.client.readContract({
      address: this.contract,
      abi: DEV_LICENSE_ABI,
      functionName,
      args,
    } as never) as Promise<T>;
  }

  /** The license's token id for a client id; null when the contract knows no such client. */
  async tokenIdOf(clientId: `0x${string}`): Promise<bigint | null> {
    const tokenId = await this.read<bigint>("clientIdToTokenId", [clientId]);
    return tokenId === 0n ? null : tokenId;
  }

  async license(tokenId: bigint): Promise<LicenseOnChain> {
    const [owner, alias, clientId] = await Promise.all([
      this.read<`0x${string}`>("ownerOf", [tokenId]),
      this.read<string>("getLicenseAliasByTokenId", [tokenId]),
      this.read<`0x${string}`>("tokenIdToClientId", [tokenId]),
    ]);
    return { tokenId, owner: getAddress(owner), alias, clientId: getAddress(clientId) };
  }

  /** The chain's clock: the latest block's time, in milliseconds. A signer's validity is judged by it, not ours. */
  async now(): Promise<number> {
    const block = await this.client.getBlock({ blockTag: "latest" });
    return secondsToMs(block.timestamp);
  }

  /** A transaction's receipt; null while it is not mined (or the chain never saw it). */
  async receipt(hash: `0x${string}`): Promise<TransactionReceipt | null> {
    return this.client.getTransactionReceipt({ hash }).catch((error: unknown) => {
      if (error instanceof TransactionReceiptNotFoundError) return null;
      throw error;
    });
  }

  async isSigner(tokenId: bigint, signer: `0x${string}`): Promise<boolean> {
    return this.read<boolean>("isSigner", [tokenId, signer]);
  }

  /** The signer as the contract holds it now; null when it is not enabled (never, or disabled since). */
  async signer(tokenId: bigint, address: `0x${string}`): Promise<SignerOnChain | null> {
    const [enabledAt, expiresAt, valid] = await Promise.all([
      this.read<bigint>("signers", [tokenId, address]),
      this.read<bigint>("getSignerExpiration", [tokenId, address]),
      this.isSigner(tokenId, address),
    ]);
    if (enabledAt === 0n) return null;
    return {
      address: getAddress(address),
      enabledAt: secondsToMs(enabledAt),
      expiresAt: secondsToMs(expiresAt),
      valid,
    };
  }

  /** Every signer enabled now (expired ones included, marked not valid), newest first. */
  async signers(tokenId: bigint): Promise<SignerOnChain[]> {
    const named = await this.namedInEvents(tokenId, "SignerEnabled", (args) => args.signer as `0x${string}`);
    const states = await Promise.all(named.map((address) => this.signer(tokenId, address)));
    return states.filter((state) => state !== null).sort((a, b) => b.enabledAt - a.enabledAt);
  }

  /** The redirect URIs enabled now, in the order they were first enabled. */
  async redirectUris(tokenId: bigint): Promise<string[]> {
    const named = await this.namedInEvents(tokenId, "RedirectUriEnabled", (args) => args.uri as string);
    const enabled = await Promise.all(named.map((uri) => this.read<boolean>("redirectUriStatus", [tokenId, uri])));
    return named.filter((_, index) => enabled[index]);
  }

  /** The distinct values an event named for the license, oldest first. */
  private async namedInEvents<T extends string>(
    tokenId: bigint,
    eventName: "SignerEnabled" | "RedirectUriEnabled",
    pick: (args: Record<string, unknown>) => T,
  ): Promise<T[]> {
    const source = { client: this.client, store: this.chain.scans, deployedAt: () => this.deploymentBlock() };
    const key = `license-events:${this.contract.toLowerCase()}:${tokenId}:${eventName}`;
    const values = await scanEvents(
      source,
      key,
      async (fromBlock, toBlock) => {
        const logs = await this.client.getContractEvents({
          address: this.contract,
          abi: DEV_LICENSE_ABI,
          eventName,
          args: { tokenId },
          fromBlock,
          toBlock,
        });
        return logs.map((log) => pick(log.args as Record<string, unknown>));
      },
      this.spans,
    );
    // Addresses compare in any case; a redirect URI is compared exactly, as DIMO's services do.
    const seen = new Map<string, T>();
    for (const value of values as T[]) {
      const key = eventName === "SignerEnabled" ? value.toLowerCase() : value;
      if (!seen.has(key)) seen.set(key, value);
    }
    return [...seen.values()];
  }
}
