#!/usr/bin/env node
// Fails when a module of the product (app/, components/, lib/, sandbox/) is reached only from tests. knip's production
// mode leaves tests out, so such a module shows there as unused; code only tests need belongs in test-support/.
import { spawnSync } from "node:child_process";

const PRODUCT_FOLDERS = /^(app|components|lib|sandbox)\//;

const run = spawnSync(
  "node_modules/.bin/knip",
  ["--production", "--include", "files", "--reporter", "json", "--no-progress", "--no-config-hints"],
  { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 },
);
if (run.error || !run.stdout) {
  console.error(run.stderr || run.error?.message || "knip printed nothing");
  process.exit(1);
}
const testOnly = JSON.parse(run.stdout)
  .issues.map((issue) => issue.file)
  .filter((file) => PRODUCT_FOLDERS.test(file));
if (testOnly.length > 0) {
  console.error(`Reached only from tests (move to test-support/):\n${testOnly.map((file) => `  ${file}`).join("\n")}`);
  process.exit(1);
}
