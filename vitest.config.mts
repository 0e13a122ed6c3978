import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      "@/": root,
      // Next.js swaps "server-only" for an empty module on the server; do the same for tests running in Node.
      "server-only": fileURLToPath(new URL("./node_modules/server-only/empty.js", import.meta.url)),
    },
  },
  test: {
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules/**", ".next/**", "e2e/**", ".sandbox/**"],
    environment: "node",
    // Guards against a hang, not budgets: on a busy 2-core machine a sandbox start or a 100,000-trip generation takes
    // several times as long as on an idle one. Speed is measured in the bench, never by these.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Integration tests each start their own sandbox on a free port; two cores do not gain from more workers.
    maxWorkers: 2,
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
  },
});
