import { defineConfig } from "vitest/config";
import base from "../vitest.config.mts";

/** `npm run bench:roster`: the 10,000-vehicle roster's timings, requests and page size, kept out of the unit suite. */
export default defineConfig({
  ...base,
  test: { ...base.test, include: ["bench/roster.ts"], reporters: ["default"] },
});
