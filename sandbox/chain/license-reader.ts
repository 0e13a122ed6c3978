import { getAddress, parseEventLogs, type Hex } from "viem";
import { DEV_LICENSE_ABI } from "@/lib/chain/dev-license-abi";
import { SANDBOX_DEV_LICENSE_ADDRESS } from "@/lib/chain/sandbox-chain";
import { type SandboxChain } from "./local-chain";

export interface LicenseRecord {
  tokenId: number;
  /** Checksummed. */
  clientId: Hex;
  owner: Hex;
  alias: string | null;
  /** Milliseconds since the epoch: the time of the block each happened in. */
  mintedAt: number;
  /** Enabled now, in the order they were (last) enabled. */
  redirectUris: { uri: string; enabledAt: number }[];
  /** Enabled now, expired or not (isSigner says which are valid), in the order they were (last) enabled. */
  signers: { address: Hex; enabledAt: number }[];
}

interface Snapshot {
  blockHash: Hex;
  licenses: LicenseRecord[];
}

const contract = { address: SANDBOX_DEV_LICENSE_ADDRESS, abi: DEV_LICENSE_ABI } as const;

/**
 * The licenses as the chain has them, read from the contract's events the way DIMO's identity indexer reads them.
 * The reading is kept until the chain's latest block changes: a transaction (or a reset, or the clock moving) makes
 * a new block, so the next read sees it.
 */
export class LicenseReader {
  private snapshot: Promise<Snapshot> | undefined;

  constructor(private readonly chain: SandboxChain) {}

  async all(): Promise<LicenseRecord[]> {
    const latest = await this.chain.client.getBlock({ blockTag: "latest" });
    const cached = await this.snapshot?.catch(() => undefined);
    if (cached?.blockHash === latest.hash) return cached.licenses;
    this.snapshot = this.read(latest.hash, latest.number);
    return (await this.snapshot).licenses;
  }

  /** Case-insensitive; undefined for anything that is not a license's client id. */
  async findByClientId(clientId: string): Promise<LicenseRecord | undefined> {
    return (await this.all()).find((l) => l.clientId.toLowerCase() === clientId.toLowerCase());
  }

  async findByTokenId(tokenId: number): Promise<LicenseRecord | undefined> {
    return (await this.all()).find((l) => l.tokenId === tokenId);
  }

  async findByAlias(alias: string): Promise<LicenseRecord | undefined> {
    return (await this.all()).find((l) => l.alias === alias);
  }

  /** Whether the license accepts `signer` now (the contract's isSigner, at the latest block's time). */
  isSigner(tokenId: number, signer: Hex): Promise<boolean> {
    return this.chain.client.readContract({ ...contract, functionName: "isSigner", args: [BigInt(tokenId), signer] });
  }

  private async read(blockHash: Hex, blockNumber: bigint): Promise<Snapshot> {
    const raw = await this.chain.client.getLogs({
      address: SANDBOX_DEV_LICENSE_ADDRESS,
      fromBlock: 0n,
      toBlock: blockNumber,
    });
    const logs = parseEventLogs({ abi: DEV_LICENSE_ABI, logs: raw });
    const times = new Map<bigint, number>();
    for (const log of logs) {
      if (times.has(log.blockNumber)) continue;
      const block = await this.chain.client.getBlock({ blockNumber: log.blockNumber });
      times.set(log.blockNumber, Number(block.timestamp) * 1000);
    }
    const byToken = new Map<bigint, LicenseRecord>();
    for (const log of logs) {
      const at = times.get(log.blockNumber) ?? 0;
      if (log.eventName === "Issued") {
        const { tokenId, owner, clientId } = log.args;
        byToken.set(tokenId, {
          tokenId: Number(tokenId),
          clientId: getAddress(clientId),
          owner: getAddress(owner),
          alias: null,
          mintedAt: at,
          redirectUris: [],
          signers: [],
        });
        continue;
      }
      if (!("tokenId" in log.args)) continue;
      const license = byToken.get(log.args.tokenId);
      if (!license) continue;
      switch (log.eventName) {
        case "LicenseAliasSet":
          license.alias = log.args.licenseAlias;
          break;
        case "RedirectUriEnabled":
        case "RedirectUriDisabled": {
          const { uri } = log.args;
          license.redirectUris = license.redirectUris.filter((r) => r.uri !== uri);
          if (log.eventName === "RedirectUriEnabled") license.redirectUris.push({ uri, enabledAt: at });
          break;
        }
        case "SignerEnabled":
        case "SignerDisabled": {
          const address = getAddress(log.args.signer);
          license.signers = license.signers.filter((s) => s.address !== address);
          if (log.eventName === "SignerEnabled") license.signers.push({ address, enabledAt: at });
          break;
        }
      }
    }
    return { blockHash, licenses: [...byToken.values()] };
  }
}
