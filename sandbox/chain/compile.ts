import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { type Hex } from "viem";

/** The hardfork the sandbox's chain runs (ganache's default), which the bytecode must not go past. */
export const CHAIN_HARDFORK = "shanghai";

const SOURCE_FILE = "DevLicense.sol";

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { evm: { bytecode: { object: string } } }>>;
}

async function compileSource(source: string): Promise<Hex> {
  // Loaded only when there is something to compile: solc takes a while just to load.
  const { default: solc } = await import("solc");
  const input = {
    language: "Solidity",
    sources: { [SOURCE_FILE]: { content: source } },
    settings: {
      evmVersion: CHAIN_HARDFORK,
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { "*": { DevLicense: ["evm.bytecode.object"] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join("\n"));
  const bytecode = output.contracts[SOURCE_FILE]?.DevLicense?.evm.bytecode.object;
  if (!bytecode) throw new Error("solc gave no bytecode for DevLicense");
  return `0x${bytecode}`;
}

/** Compiled in this process, by cache key: every sandbox a test process starts shares one compilation. */
const compiledHere = new Map<string, Promise<Hex>>();

/**
 * DevLicense.sol's creation code. Compiling takes solc more than a second, so the result is kept in `cacheDir` under
 * the hash of the source, the compiler's version and the hardfork: an edit to the contract or a new solc compiles
 * afresh. Written aside and renamed into place, so another process never reads half of it.
 */
export async function devLicenseBytecode(cacheDir: string): Promise<Hex> {
  const source = readFileSync(path.join(__dirname, SOURCE_FILE), "utf8");
  const { version } = createRequire(__filename)("solc/package.json") as { version: string };
  const key = createHash("sha256").update(`${version}\n${CHAIN_HARDFORK}\n${source}`).digest("hex").slice(0, 16);
  const cached = path.join(cacheDir, `DevLicense-${key}.hex`);
  if (existsSync(cached)) return readFileSync(cached, "utf8") as Hex;
  let compiling = compiledHere.get(key);
  if (!compiling) {
    compiling = compileSource(source);
    compiledHere.set(key, compiling);
    compiling.catch(() => compiledHere.delete(key));
  }
  const bytecode = await compiling;
  mkdirSync(cacheDir, { recursive: true });
  const writing = `${cached}.${process.pid}-${randomBytes(4).toString("hex")}`;
  writeFileSync(writing, bytecode);
  renameSync(writing, cached);
  return bytecode;
}
