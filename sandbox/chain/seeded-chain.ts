import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { type Hex } from "viem";
import { devLicenseBytecode } from "./compile";
import { NODE_SETTINGS, NODE_VERSION, openChainNode } from "./node";
import { chainSeed, seedChain, type ChainSeed } from "./seed";

/**
 * How long one seeded chain is copied from: its blocks' times (the licenses minted, the signers enabled) stay recent,
 * as when every start seeded its own.
 */
const SEEDED_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Seeded chains of other days or keys, and builds a crashed process left, go once surely unused. */
const LEFTOVER_AGE_MS = 2 * SEEDED_MAX_AGE_MS;

/**
 * What the seeded chain depends on: the node and its settings, the contract's code, the seed's data and the seed's
 * own code (its text: a change to how it seeds is a new key).
 */
function seededChainKey(bytecode: Hex, seed: ChainSeed): string {
  const seedCode = readFileSync(path.join(__dirname, "seed.ts"), "utf8");
  return createHash("sha256")
    .update([NODE_VERSION, JSON.stringify(NODE_SETTINGS), bytecode, JSON.stringify(seed), seedCode].join("\n"))
    .digest("hex")
    .slice(0, 16);
}

function removeLeftovers(cacheDir: string): void {
  for (const name of readdirSync(cacheDir)) {
    if (!name.startsWith("seeded-") && !name.startsWith("building-")) continue;
    const entry = path.join(cacheDir, name);
    // Another process may have removed it first.
    const modifiedMs = statSync(entry, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
    if (Date.now() - modifiedMs > LEFTOVER_AGE_MS) rmSync(entry, { recursive: true, force: true });
  }
}

/** Seeds a new chain aside and renames it into `folder`; another process that got there first wins. */
async function build(cacheDir: string, folder: string, bytecode: Hex, seed: ChainSeed): Promise<void> {
  const building = path.join(cacheDir, `building-${process.pid}-${randomBytes(4).toString("hex")}`);
  try {
    const node = openChainNode(building);
    try {
      await seedChain(node, bytecode, seed);
    } finally {
      await node.close();
    }
    renameSync(building, folder);
  } catch (error) {
    if (!existsSync(folder)) throw error;
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  removeLeftovers(cacheDir);
}

/** Built in this process, by folder: sandboxes that start together share one build. */
const builtHere = new Map<string, Promise<void>>();

/**
 * A freshly seeded chain (ganache's LevelDB folder) in `cacheDir`, for a start to copy. Seeding it sends a dozen
 * signed transactions, so it is done once per key and day and kept. A folder is never changed once in place (a new
 * key or a new day is a new folder), so parallel test processes share it without a lock.
 */
export async function seededChain(
  cacheDir: string,
  demoRedirectUris: string[],
): Promise<{ key: string; folder: string }> {
  const bytecode = await devLicenseBytecode(cacheDir);
  const seed = chainSeed(demoRedirectUris);
  const key = seededChainKey(bytecode, seed);
  const folder = path.join(cacheDir, `seeded-${key}-${Math.floor(Date.now() / SEEDED_MAX_AGE_MS)}`);
  if (existsSync(folder)) return { key, folder };
  let building = builtHere.get(folder);
  if (!building) {
    mkdirSync(cacheDir, { recursive: true });
    building = build(cacheDir, folder, bytecode, seed);
    builtHere.set(folder, building);
    building.catch(() => builtHere.delete(folder));
  }
  await building;
  return { key, folder };
}
