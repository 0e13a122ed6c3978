import { benchConfig } from "./vitest-bench.mts";

/** `npm run bench:fleet-positions`: the position refresher's pace on a 10,000-vehicle fleet, kept out of the unit suite. */
export default benchConfig(["bench/fleet-positions.ts"]);
