import { type PublicClient } from "viem";
import { describe, expect, it } from "vitest";
import { MemoryKeyValueStore } from "@/lib/store/memory";
import { findDeploymentBlock, scanEvents } from "./event-scan";

/** Event scans against a chain kept in memory whose endpoint, like real ones, refuses wide eth_getLogs spans. */

const DEPLOYED = 40_000n;
const WIDEST_ACCEPTED = 10_000n;

class FakeChain {
  latest = 100_000n;
  /** Block number → its hash; a reorganisation rewrites some. */
  forks = new Map<bigint, string>();
  events = new Map<bigint, string>([
    [40_500n, "first"],
    [99_000n, "second"],
  ]);
  reads: Array<[bigint, bigint]> = [];
  codeReads = 0;

  hash(blockNumber: bigint): `0x${string}` {
    return `0x${(this.forks.get(blockNumber) ?? "a").padEnd(4, "0")}${blockNumber.toString(16).padStart(60, "0")}`;
  }

  readonly client = {
    getBlock: async (query: { blockTag?: "latest"; blockNumber?: bigint }) => {
      const number = query.blockNumber ?? this.latest;
      return { number, hash: this.hash(number) };
    },
    getBlockNumber: async () => this.latest,
    getCode: async ({ blockNumber }: { blockNumber: bigint }) => {
      this.codeReads += 1;
      return blockNumber >= DEPLOYED ? "0x6080" : undefined;
    },
  } as unknown as PublicClient;

  read = async (from: bigint, to: bigint): Promise<string[]> => {
    if (to - from + 1n > WIDEST_ACCEPTED) throw new Error("block range too large");
    this.reads.push([from, to]);
    return [...this.events].filter(([block]) => block >= from && block <= to).map(([, value]) => value);
  };
}

function setUp() {
  const chain = new FakeChain();
  const store = new MemoryKeyValueStore();
  const source = { client: chain.client, store, deployedAt: async () => DEPLOYED };
  const spans = { span: undefined as bigint | undefined };
  const scan = () => scanEvents(source, "events", chain.read, spans);
  return { chain, scan };
}

describe("event scans", () => {
  it("read from the deployment block to the latest in spans the endpoint accepts", async () => {
    const { chain, scan } = setUp();
    expect(await scan()).toEqual(["first", "second"]);
    expect(chain.reads[0]?.[0]).toBe(DEPLOYED);
    expect(chain.reads.at(-1)?.[1]).toBe(chain.latest);
    for (const [from, to] of chain.reads) expect(to - from + 1n).toBeLessThanOrEqual(WIDEST_ACCEPTED);
    // Contiguous: no block left out between two spans.
    for (let i = 1; i < chain.reads.length; i += 1)
      expect(chain.reads[i]?.[0]).toBe((chain.reads[i - 1]?.[1] ?? 0n) + 1n);
  });

  it("pick up where the kept scan ended, and read again from the start when its block left the chain", async () => {
    const { chain, scan } = setUp();
    await scan();
    chain.reads = [];
    chain.latest += 20n;
    chain.events.set(100_010n, "third");
    expect(await scan()).toEqual(["first", "second", "third"]);
    expect(chain.reads).toEqual([[100_001n, 100_020n]]);

    chain.reads = [];
    chain.forks.set(100_020n, "b");
    chain.events.delete(100_010n);
    chain.events.set(100_015n, "on the new fork");
    expect(await scan()).toEqual(["first", "second", "on the new fork"]);
    expect(chain.reads[0]?.[0]).toBe(DEPLOYED);
  });
});

describe("the deployment block", () => {
  it("is the first block whose state holds the contract's code, found by halving", async () => {
    const chain = new FakeChain();
    expect(await findDeploymentBlock(chain.client, "0x31771138a35B9f18189e2F0853960b485Eb45F83")).toBe(DEPLOYED);
    expect(chain.codeReads).toBeLessThanOrEqual(20);
  });
});
