import { benchConfig } from "./vitest-bench.mts";

/** `npm run bench:roster`: the 10,000-vehicle roster's timings, requests and page size, kept out of the unit suite. */
export default benchConfig(["bench/roster.ts"]);
