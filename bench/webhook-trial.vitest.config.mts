import { defineConfig } from "vitest/config";
import base from "../vitest.config.mts";

/** `npm run bench:webhook-trial`: the history trial's timing and cost, kept out of the unit suite. */
export default defineConfig({
  ...base,
  test: { ...base.test, include: ["bench/webhook-trial.ts"], reporters: ["default"] },
});
