import { defineConfig } from "vitest/config";
import base from "../vitest.config.mts";

/** `npm run bench:fleet-positions`: the position refresher's pace on a 10,000-vehicle fleet, kept out of the unit suite. */
export default defineConfig({
  ...base,
  test: { ...base.test, include: ["bench/fleet-positions.ts"], reporters: ["default"] },
});
