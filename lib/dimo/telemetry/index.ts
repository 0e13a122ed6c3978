import "server-only";

/**
 * Queries to DIMO's Telemetry API (GraphQL, `POST {telemetry}/query` with the Vehicle JWT). The service checks the
 * token's privileges per field: a refused field comes back as `null` with an error naming the privilege, and the rest
 * of the answer is served. Answers that mix both keep the data and list the refusals; an answer with nothing usable
 * becomes a DimoError like any other failure. Values go in as GraphQL variables; the only literals written into a
 * query are signal names and aggregations, both checked against lib/telemetry-signals.ts first.
 */

export { fetchAvailableSignals, fetchEveryLatest } from "./every-signal";
export { type LocationHistoryRequest, fetchLocationHistory } from "./locations";
export { type TelemetryTarget } from "./query";
export { type HistoryRequest, fetchHistory, fetchLatest, fetchVin } from "./signals";
export { PATHS_PER_REQUEST, type PathAnswer, type SegmentsRequest, fetchPaths, fetchSegments } from "./trips";
