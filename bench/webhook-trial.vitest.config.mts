import { benchConfig } from "./vitest-bench.mts";

/** `npm run bench:webhook-trial`: the history trial's timing and cost, kept out of the unit suite. */
export default benchConfig(["bench/webhook-trial.ts"]);
