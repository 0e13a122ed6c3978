#!/usr/bin/env node
// Adds up the unit and browser test results that `npm test` wrote, and prints one plain line: "N passed, N failed".
import { readFileSync } from "node:fs";

function read(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

let passed = 0;
let failed = 0;

const vitest = read("test-results/vitest.json");
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
}

const playwright = read("test-results/playwright.json");
if (playwright?.stats) {
  passed += (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0);
  failed += playwright.stats.unexpected ?? 0;
}

console.log(`${passed} passed, ${failed} failed`);
