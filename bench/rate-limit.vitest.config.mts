import { defineConfig } from "vitest/config";
import base from "../vitest.config.mts";

/** `npm run bench:rate-limit`: the long walks at DIMO's rate limits, kept out of the unit suite. */
export default defineConfig({
  ...base,
  test: { ...base.test, include: ["bench/*.walk.ts"], reporters: ["default"] },
});
