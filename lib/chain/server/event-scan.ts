import "server-only";
import { type PublicClient } from "viem";
import { type KeyValueStore } from "@/lib/store/types";

/**
 * The values a contract's events named, read from the contract's deployment block in spans an RPC endpoint accepts,
 * and kept: a scan picks up where the last one ended (in the shared store, so every instance shares one scan), unless
 * the block it ended on is no longer on the chain (a reorganisation, or a sandbox chain started again), when it reads
 * everything again. Real endpoints refuse eth_getLogs over a whole chain's history: some limit the blocks a call
 * spans, others the logs it returns, so a span starts as wide as the range and halves on a refusal.
 */

/** The narrowest span tried: every common provider serves a thousand blocks of one contract's filtered logs. */
const MIN_SPAN = 1_000n;
/** A scan's record is a cache: past this it is read again from the start. */
const SCAN_KEEP_MS = 30 * 24 * 3600_000;

interface ScanSource {
  client: PublicClient;
  /** Where a finished scan is kept; without one, each scan starts from the deployment block. */
  store: KeyValueStore | undefined;
  /** The block the contract was deployed in, the first any of its events can be in. */
  deployedAt: () => Promise<bigint>;
}

interface ScanRecord {
  /** The last block read, and its hash, to tell whether the chain still has it. */
  to: string;
  hash: `0x${string}`;
  values: string[];
}

/** The distinct values `read` found in the contract's events from its deployment block to the latest, oldest first. */
export async function scanEvents(
  source: ScanSource,
  key: string,
  read: (fromBlock: bigint, toBlock: bigint) => Promise<string[]>,
  spans: { span: bigint | undefined },
): Promise<string[]> {
  const latest = await source.client.getBlock({ blockTag: "latest" });
  const kept = await readRecord(source, key);
  let from = await source.deployedAt();
  const values = new Set<string>();
  if (kept && BigInt(kept.to) <= latest.number && (await stillOnChain(source.client, kept))) {
    from = BigInt(kept.to) + 1n;
    for (const value of kept.values) values.add(value);
  }
  while (from <= latest.number) {
    const span = spans.span ?? latest.number - from + 1n;
    const to = from + span - 1n < latest.number ? from + span - 1n : latest.number;
    let found: string[];
    try {
      found = await read(from, to);
    } catch (error) {
      if (span <= MIN_SPAN) throw error;
      // Too wide for this endpoint, by blocks or by logs: half the span, and keep to it from now on.
      spans.span = span / 2n > MIN_SPAN ? span / 2n : MIN_SPAN;
      continue;
    }
    for (const value of found) values.add(value);
    from = to + 1n;
  }
  const record: ScanRecord = { to: latest.number.toString(), hash: latest.hash, values: [...values] };
  await source.store?.set(key, JSON.stringify(record), SCAN_KEEP_MS).catch(() => {});
  return record.values;
}

async function readRecord(source: ScanSource, key: string): Promise<ScanRecord | null> {
  const text = await source.store?.get(key).catch(() => null);
  return text ? (JSON.parse(text) as ScanRecord) : null;
}

async function stillOnChain(client: PublicClient, kept: ScanRecord): Promise<boolean> {
  const block = await client.getBlock({ blockNumber: BigInt(kept.to) });
  return block.hash === kept.hash;
}

/**
 * The block a contract was deployed in: the first whose state holds its code, found by halving (eth_getCode at past
 * blocks, which an archive endpoint answers, as the common providers' do).
 */
export async function findDeploymentBlock(client: PublicClient, address: `0x${string}`): Promise<bigint> {
  let high = await client.getBlockNumber();
  const hasCode = async (blockNumber: bigint) => ((await client.getCode({ address, blockNumber })) ?? "0x") !== "0x";
  if (!(await hasCode(high))) throw new Error(`No contract is deployed at ${address} on this chain.`);
  let low = 0n;
  while (low < high) {
    const middle = (low + high) / 2n;
    if (await hasCode(middle)) high = middle;
    else low = middle + 1n;
  }
  return low;
}
