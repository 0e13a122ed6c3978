import { type AllTripsResults } from "./all-trips";
import { type JavaScriptResults } from "./javascript-size";
import { type LoadResults } from "./load";
import { type MachineInfo } from "./machine";
import { type MapDrawResults } from "./map-draw";
import { type OverheadResults } from "./overhead";
import { type SandboxTelemetryResults } from "./sandbox-telemetry";
import { type SandboxTripsResults } from "./sandbox-trips";
import { type TripRoutesResults } from "./trip-routes";
import { type UpstreamResults } from "./upstream";

/** Everything one `npm run bench` measured: written to bench/results.json and turned into the report table. */
export interface BenchResults {
  date: string;
  machine: MachineInfo;
  durationSeconds: number;
  upstream: UpstreamResults;
  overhead: OverheadResults;
  javascript: JavaScriptResults;
  map: MapDrawResults;
  /** The all-trips map of the 100,000-trip vehicle (absent from results written before it existed). */
  allTrips?: AllTripsResults;
  /** The trips map's routes: loading a page's, cold and warm, and drawing them (absent from older results). */
  tripRoutes?: TripRoutesResults;
  sandbox: SandboxTripsResults;
  /** The sandbox's Telemetry API (absent from results written before it existed). */
  telemetry?: SandboxTelemetryResults;
  load: LoadResults;
  /** The same users, loop and time against the bare route, just before: the load test's baseline. */
  loadBaseline: LoadResults;
  /** The same load on two instances behind a round-robin proxy sharing one Redis (both runs start with no token). */
  loadTwoInstances?: LoadResults;
}

/** The parts the budgets are checked against. */
export type MeasuredResults = Omit<BenchResults, "date" | "machine" | "durationSeconds">;
