import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

const TEST_FILE = /\.test\.tsx?$/;
/** Folders without unit tests: dependencies, builds, the browser tests, sandbox data. */
const NOT_TESTS = /^(node_modules|\.next|\.git|e2e|\.sandbox.*|test-results)$/;
/**
 * What makes a test file depend on a module registry of its own: replacing modules, or changing the environment or the
 * clock that modules read when they load (configuration reads process.env once; time formats read TZ).
 */
const NEEDS_OWN_MODULES = /vi\.(mock|doMock|stubEnv|resetModules|stubGlobal|unstubAllEnvs|useFakeTimers)|process\.env/;

function findTestFiles(folder: string): string[] {
  return readdirSync(`${root}${folder}`, { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}${entry.name}`;
    if (entry.isDirectory()) return NOT_TESTS.test(path) ? [] : findTestFiles(`${path}/`);
    return TEST_FILE.test(entry.name) ? [path] : [];
  });
}

const testFiles = findTestFiles("");
const ownModules = testFiles.filter((path) => NEEDS_OWN_MODULES.test(readFileSync(`${root}${path}`, "utf8")));
const sharedModules = testFiles.filter((path) => !ownModules.includes(path));

const common = {
  resolve: {
    alias: {
      "@/": root,
      // Next.js swaps "server-only" for an empty module on the server; do the same for tests running in Node.
      "server-only": fileURLToPath(new URL("./node_modules/server-only/empty.js", import.meta.url)),
    },
  },
  test: {
    environment: "node",
    // Guards against a hang, not budgets: on a busy 2-core machine a sandbox start or a 100,000-trip generation takes
    // several times as long as on an idle one. Speed is measured in the bench, never by these.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
} as const;

export default defineConfig({
  test: {
    // Integration tests each start their own sandbox on a free port; two cores do not gain from more workers.
    maxWorkers: 2,
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
    projects: [
      // Most files share each worker's modules: loading the sandbox and the client again for every file was most of
      // the unit step's time. A file that needs its own modules (above) still gets them.
      { ...common, test: { ...common.test, name: "shared", include: sharedModules, isolate: false } },
      { ...common, test: { ...common.test, name: "own-modules", include: ownModules, isolate: true } },
    ],
  },
});
