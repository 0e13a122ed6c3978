import Database from "better-sqlite3";
import { copyFileSync, existsSync, mkdtempSync, openSync, closeSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DATABASE_FILE, type RunningSandbox, type SandboxStartOptions, startSandbox } from "@/sandbox/server";
import { seedDatabaseFile } from "@/sandbox/seed/seed-database";
import { SEED_VERSION } from "@/sandbox/seed/version";
import { readMeta } from "@/sandbox/store/database";

/**
 * Fast sandboxes for tests, benchmarks and measurements. The seed (about a hundred thousand trips) is built once into a template database in the
 * OS temp folder, keyed by the seed version, and each test sandbox starts on its own copy in its own temp folder.
 */

/**
 * `profile: "realistic"` behaves like the real network (see sandbox/profile.ts). Instant offers take
 * TEST_INSTANT_OFFER_DELAY_MS in every profile unless `instantOfferDelayMs` says otherwise.
 */
export type TestSandboxOptions = Pick<
  SandboxStartOptions,
  "profile" | "instantOfferDelayMs" | "rateLimit" | "quiet" | "host" | "redirectUris" | "live"
>;

export const TEST_INSTANT_OFFER_DELAY_MS = 200;
/** Seed-relative times (trips ending hours ago, grants expiring in a year) stay true for a day after the seed's now. */
const TEMPLATE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const STALE_LOCK_MS = 120_000;

const templatePath = () => join(tmpdir(), `dimo-sandbox-template-v${SEED_VERSION}.db`);
/** The compiled contract and the seeded chain, shared by every test sandbox (each starts on its own copy). */
export const TEST_SANDBOX_CACHE_DIR = join(tmpdir(), "dimo-sandbox-cache");

/**
 * Judged by the "now" the template was seeded at, not by the file's time: a template seeded by a process whose clock
 * differed (a test run under a moved clock) would otherwise pass for fresh while every seeded time in it is off.
 */
function isFresh(path: string): boolean {
  if (!existsSync(path)) return false;
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    const age = Date.now() - Number(readMeta(db, "anchor_ms"));
    return age >= 0 && age < TEMPLATE_MAX_AGE_MS;
  } catch {
    // Unreadable (an older layout, a damaged file): seeded again.
    return false;
  } finally {
    db?.close();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The template database, seeding it first if needed. Several test workers may ask at once: one seeds under a lock
 * file, the others wait for it.
 */
export async function ensureTemplate(): Promise<string> {
  const path = templatePath();
  const lock = `${path}.lock`;
  while (!isFresh(path)) {
    let fd: number;
    try {
      fd = openSync(lock, "wx");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) rmSync(lock, { force: true });
      await sleep(100);
      continue;
    }
    try {
      if (!isFresh(path)) seedDatabaseFile(path);
    } finally {
      closeSync(fd);
      rmSync(lock, { force: true });
    }
  }
  return path;
}

/** A new temporary data folder holding a copy of the template database. The caller removes it. */
export async function createTestDataDir(): Promise<string> {
  const template = await ensureTemplate();
  const dir = mkdtempSync(join(tmpdir(), "dimo-sandbox-test-"));
  copyFileSync(template, join(dir, DATABASE_FILE));
  return dir;
}

/** A sandbox on a free port with its own temporary data folder, removed on close, and a fresh chain. */
export async function startTestSandbox(options: TestSandboxOptions = {}): Promise<RunningSandbox> {
  const dataDir = await createTestDataDir();
  let sandbox: RunningSandbox;
  try {
    sandbox = await startSandbox({
      quiet: true,
      instantOfferDelayMs: TEST_INSTANT_OFFER_DELAY_MS,
      ...options,
      port: 0,
      dataDir,
      cacheDir: TEST_SANDBOX_CACHE_DIR,
    });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    ...sandbox,
    async close() {
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
