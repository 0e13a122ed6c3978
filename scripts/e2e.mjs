#!/usr/bin/env node
// `npm run test:e2e`: finds (or installs) a Chromium, makes sure a production build exists, runs Playwright.
// Extra arguments go to Playwright, e.g. `npm run test:e2e -- e2e/shell.spec.ts`.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { findTestBrowser } from "./find-browser.mjs";

let browser;
try {
  browser = await findTestBrowser();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const env = { ...process.env, CHROMIUM_PATH: browser, NEXT_TELEMETRY_DISABLED: "1" };

// The browser tests run against a production build. `npm test` builds right before; alone, build if there is none.
if (!existsSync(".next/BUILD_ID")) {
  console.log("No production build yet: running next build…");
  const build = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { stdio: "inherit", env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const run = spawnSync(process.execPath, ["node_modules/@playwright/test/cli.js", "test", ...process.argv.slice(2)], {
  stdio: "inherit",
  env,
});
process.exit(run.status ?? 1);
