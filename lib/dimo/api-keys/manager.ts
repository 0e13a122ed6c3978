import "server-only";
import { getAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { type LicenseChainReader, type SignerOnChain } from "@/lib/chain/server/license-reader";
import { type ApiKeySource, type ApiKeyView, type KeyInUse } from "@/lib/models/api-keys";
import { AppFailure } from "@/lib/result";
import { type KeyValueStore } from "@/lib/store/types";
import { type ApiKeyStore, type StoredApiKey } from "./key-store";
import { openApiKey, sealApiKey } from "./sealed-key";

/**
 * The license's API keys: the one from the environment (DIMO_API_KEY), where a fresh deployment starts, and the ones
 * the dashboard made itself, sealed in the shared store. The key in use is the newest one the dashboard made whose
 * signer the chain says is valid now (`isSigner`), else the environment's; so a rotation has no gap: the old key signs
 * until the chain enables the new one, and the new one from then on. A private key never leaves this module except
 * to sign DIMO's challenge (signingKey, for the token manager).
 */

/** How long before its expiry the key in use is flagged. */
const KEY_EXPIRY_WARNING_MS = 30 * 24 * 3600_000;
/** Keys made but not yet enabled on the chain that are kept at most; the oldest is dropped past this. */
const MAX_PENDING_KEYS = 5;
/** How long the token manager's choice of a key is trusted before the chain is asked again (reads always ask). */
const CHOICE_TTL_MS = 30_000;
/**
 * How long every page's expiry line trusts the key in use it read: an expiry is days away, and the dashboard's own
 * changes drop it at once (forgetInUse); a change made elsewhere (another wallet, the console) shows within this.
 */
const IN_USE_TTL_MS = 10 * 60_000;
const IN_USE_KEY = (clientId: string) => `api-key-in-use:${clientId.toLowerCase()}`;

export interface ApiKeyManagerDeps {
  clientId: `0x${string}`;
  environmentKey: `0x${string}`;
  keys: ApiKeyStore;
  /** The server secret the keys are sealed under. */
  secret: () => string;
  /** The license's chain; undefined when no RPC endpoint is configured, and only the environment's key is used. */
  chain: LicenseChainReader | undefined;
  /** Where the key in use is kept for every page's expiry line: shared, so every instance drops it together. */
  inUseCache: KeyValueStore;
  now?: () => number;
}

const NO_CHAIN = new AppFailure({
  code: "UNAVAILABLE",
  message: "The dashboard has no RPC endpoint of the license's chain (DIMO_RPC_URL), so it cannot manage API keys.",
  retryable: false,
});

const notEnabled = (signer: string) =>
  new AppFailure({
    code: "INVALID_INPUT",
    message: `The chain does not show the signer ${signer} enabled for this license yet: enable it with the owner's wallet, then confirm.`,
    retryable: true,
  });

interface Candidate {
  signer: `0x${string}`;
  source: KeyInUse["source"];
  key: () => `0x${string}` | null;
  onChain: SignerOnChain | null | "unknown";
  /** What the store recorded when the chain confirmed it: used only when the chain cannot be read. */
  recordedExpiry: number | null;
}

interface Choice {
  at: number;
  candidate: Candidate;
  chainNow: number;
}

export class ApiKeyManager {
  private tokenId: bigint | undefined;
  private choice: Choice | undefined;
  private readonly now: () => number;
  private readonly environmentSigner: `0x${string}`;

  constructor(private readonly deps: ApiKeyManagerDeps) {
    this.now = deps.now ?? Date.now;
    this.environmentSigner = privateKeyToAccount(deps.environmentKey).address;
  }

  /** Makes a key and keeps it sealed, not yet in use; returns its signer address for the owner's wallet to enable. */
  async createPending(by: `0x${string}`): Promise<{ signer: `0x${string}` }> {
    if (!this.deps.chain) throw NO_CHAIN;
    const key = generatePrivateKey();
    const signer = privateKeyToAccount(key).address;
    const record: StoredApiKey = {
      signer,
      sealed: sealApiKey(key, this.deps.secret(), { clientId: this.deps.clientId, signer }),
      createdAt: this.now(),
      createdBy: by,
    };
    await this.deps.keys.update((keys) => {
      const pending = keys.filter((k) => k.enabledAt === undefined);
      const dropped = pending.length >= MAX_PENDING_KEYS ? pending[0] : undefined;
      return { keys: [...keys.filter((k) => k !== dropped), record], result: undefined };
    });
    return { signer };
  }

  /**
   * Marks a pending key enabled once the chain shows it so (read here, never taken from the caller), and makes the
   * next choice of the key in use ask the chain afresh.
   */
  async confirm(signerInput: `0x${string}`): Promise<ApiKeyView> {
    const chain = this.deps.chain;
    if (!chain) throw NO_CHAIN;
    const signer = getAddress(signerInput);
    const stored = (await this.deps.keys.list()).find((k) => sameAddress(k.signer, signer));
    if (!stored) {
      throw new AppFailure({
        code: "NOT_FOUND",
        message: "The dashboard holds no key with that signer.",
        retryable: false,
      });
    }
    const onChain = await chain.signer(await this.licenseTokenId(), signer);
    if (!onChain?.valid) throw notEnabled(signer);
    await this.deps.keys.update((keys) => ({
      keys: keys.map((k) =>
        sameAddress(k.signer, signer) ? { ...k, enabledAt: onChain.enabledAt, expiresAt: onChain.expiresAt } : k,
      ),
      result: undefined,
    }));
    this.choice = undefined;
    await this.forgetInUse();
    return view(signer, "dashboard", onChain, sameAddress((await this.inUse()).signer, signer));
  }

  /** The key in use as every page's expiry line reads it: kept a few minutes in the shared store. */
  async inUseCached(): Promise<KeyInUse> {
    const key = IN_USE_KEY(this.deps.clientId);
    const kept = await this.deps.inUseCache.get(key);
    if (kept) return JSON.parse(kept) as KeyInUse;
    const inUse = await this.inUse();
    await this.deps.inUseCache.set(key, JSON.stringify(inUse), IN_USE_TTL_MS);
    return inUse;
  }

  /** Drops the kept key in use, on every instance: the dashboard changed the license's keys. */
  async forgetInUse(): Promise<void> {
    this.choice = undefined;
    await this.deps.inUseCache.delete(IN_USE_KEY(this.deps.clientId));
  }

  /** The key in use now, and whether it expires within 30 days by the chain's clock. */
  async inUse(): Promise<KeyInUse> {
    const { candidate, chainNow } = await this.choose({ fresh: true });
    const onChain = candidate.onChain === "unknown" ? null : candidate.onChain;
    const expiresAt = onChain?.expiresAt ?? candidate.recordedExpiry;
    return {
      signer: candidate.signer,
      source: candidate.source,
      enabledAt: onChain?.enabledAt ?? null,
      expiresAt,
      expiresSoon: expiresAt !== null && expiresAt - chainNow <= KEY_EXPIRY_WARNING_MS,
    };
  }

  /** The private key that signs DIMO's challenge now: the token manager's only way to a key. */
  async signingKey(): Promise<`0x${string}`> {
    try {
      return (await this.choose()).candidate.key() ?? this.deps.environmentKey;
    } catch {
      // The store or the chain failing must not stop the dashboard: the environment's key is where it starts.
      return this.deps.environmentKey;
    }
  }

  /** Every key: the environment's, the dashboard's, and the signers enabled on the chain that live elsewhere. */
  async list(): Promise<ApiKeyView[]> {
    const stored = await this.deps.keys.list();
    const inUse = (await this.choose({ fresh: true })).candidate.signer;
    const chain = this.deps.chain;
    const tokenId = chain ? await this.licenseTokenId() : undefined;
    const read = async (signer: `0x${string}`) =>
      chain && tokenId !== undefined ? chain.signer(tokenId, signer).catch(() => "unknown" as const) : "unknown";
    const onChain = chain && tokenId !== undefined ? await chain.signers(tokenId).catch(() => []) : [];
    const views: ApiKeyView[] = [];
    const seen = new Set<string>();
    const add = async (signer: `0x${string}`, source: ApiKeySource, state?: SignerOnChain | null, confirmed = true) => {
      if (seen.has(signer.toLowerCase())) return;
      seen.add(signer.toLowerCase());
      const onChainNow = state === undefined ? await read(signer) : state;
      views.push(view(signer, source, onChainNow, sameAddress(signer, inUse), confirmed));
    };
    for (const key of [...stored].reverse()) await add(key.signer, "dashboard", undefined, key.enabledAt !== undefined);
    await add(this.environmentSigner, "environment");
    for (const state of onChain) await add(state.address, "elsewhere", state);
    return views;
  }

  private async licenseTokenId(): Promise<bigint> {
    if (this.tokenId !== undefined) return this.tokenId;
    if (!this.deps.chain) throw NO_CHAIN;
    const tokenId = await this.deps.chain.tokenIdOf(this.deps.clientId);
    if (tokenId === null) {
      throw new AppFailure({
        code: "NOT_FOUND",
        message: `The license contract knows no license with the client id ${this.deps.clientId}.`,
        retryable: false,
      });
    }
    return (this.tokenId = tokenId);
  }

  private async choose({ fresh = false } = {}): Promise<Choice> {
    if (!fresh && this.choice && this.now() - this.choice.at < CHOICE_TTL_MS) return this.choice;
    const { chain, clientId } = this.deps;
    const secret = this.deps.secret();
    const confirmed = (await this.deps.keys.list())
      .filter((k) => k.enabledAt !== undefined)
      .sort((a, b) => (b.enabledAt ?? 0) - (a.enabledAt ?? 0));
    const candidates: Candidate[] = confirmed.map((k) => ({
      signer: k.signer,
      source: "dashboard",
      key: () => openApiKey(k.sealed, secret, { clientId, signer: k.signer }),
      onChain: "unknown",
      recordedExpiry: k.expiresAt ?? null,
    }));
    const environment: Candidate = {
      signer: this.environmentSigner,
      source: "environment",
      key: () => this.deps.environmentKey,
      onChain: "unknown",
      recordedExpiry: null,
    };
    let chainNow = this.now();
    let chosen: Candidate | undefined;
    try {
      if (!chain) throw NO_CHAIN;
      const tokenId = await this.licenseTokenId();
      chainNow = await chain.now();
      for (const candidate of [...candidates, environment]) {
        candidate.onChain = await chain.signer(tokenId, candidate.signer);
        // A key this instance cannot open (sealed under another secret) is passed over.
        if (candidate.onChain?.valid && candidate.key() !== null) {
          chosen = candidate;
          break;
        }
      }
    } catch {
      // The chain cannot be asked: the newest key it confirmed that has not expired by what was recorded then.
      chosen = candidates.find((c) => c.recordedExpiry !== null && c.recordedExpiry > chainNow && c.key() !== null);
    }
    this.choice = { at: this.now(), candidate: chosen ?? environment, chainNow };
    return this.choice;
  }
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function view(
  signer: `0x${string}`,
  source: ApiKeySource,
  onChain: SignerOnChain | null | "unknown",
  inUse: boolean,
  confirmed = true,
): ApiKeyView {
  const absent = { signer, source, enabledAt: null, expiresAt: null, inUse };
  if (onChain === "unknown") return { ...absent, status: "unknown" };
  // Not enabled now: a key made here and never confirmed waits for the wallet; any other was disabled.
  if (onChain === null) return { ...absent, status: confirmed ? "disabled" : "pending" };
  return {
    signer,
    source,
    status: onChain.valid ? "enabled" : "expired",
    enabledAt: onChain.enabledAt,
    expiresAt: onChain.expiresAt,
    inUse,
  };
}
