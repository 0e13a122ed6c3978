import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { TEST_SANDBOX_CACHE_DIR } from "@/test-support/sandbox-template";
import { devLicenseBytecode } from "./compile";
import { seededChain } from "./seeded-chain";

const cacheDir = mkdtempSync(join(tmpdir(), "dimo-seeded-chain-test-"));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

describe("the seeded chain's cache", () => {
  it("is built once in an empty folder, shared by starts that ask at once, and clears what is surely unused", async () => {
    // The compiled contract from the tests' shared cache: compiling is not what this test is about.
    const shared = join(TEST_SANDBOX_CACHE_DIR, "chain");
    await devLicenseBytecode(shared);
    for (const name of readdirSync(shared).filter((n) => n.startsWith("DevLicense-"))) {
      copyFileSync(join(shared, name), join(cacheDir, name));
    }
    const crashed = join(cacheDir, "building-1-00000000");
    mkdirSync(crashed);
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
    utimesSync(crashed, threeDaysAgo, threeDaysAgo);

    const uris = ["http://localhost:3000"];
    const [first, second] = await Promise.all([seededChain(cacheDir, uris), seededChain(cacheDir, uris)]);
    expect(second).toEqual(first);
    const entries = readdirSync(cacheDir).filter((name) => !name.startsWith("DevLicense-"));
    expect(entries).toEqual([first.folder.slice(cacheDir.length + 1)]);
    expect(readdirSync(first.folder).length).toBeGreaterThan(0);

    const builtAt = statSync(first.folder).mtimeMs;
    expect(await seededChain(cacheDir, uris)).toEqual(first);
    expect(statSync(first.folder).mtimeMs).toBe(builtAt);

    const other = await seededChain(cacheDir, [...uris, "http://localhost:3100/login/dimo"]);
    expect(other.key).not.toBe(first.key);
  });
});
