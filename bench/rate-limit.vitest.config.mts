import { benchConfig } from "./vitest-bench.mts";

/** `npm run bench:rate-limit`: the long walks at DIMO's rate limits, kept out of the unit suite. */
export default benchConfig(["bench/*.walk.ts"]);
