/**
 * The history trial's words: what "try it on history" answers. Plain types and constants only, so browser code may
 * import them too.
 */

export const TRIAL_DAYS = 7;
export const TRIAL_MAX_VEHICLES = 10;
/** Moments sent per vehicle, oldest first; the vehicle's count covers every firing. */
export const TRIAL_MAX_MOMENTS = 200;
/**
 * The Telemetry API's finest bucket the dashboard's client asks for: `signals` answers one row per bucket that holds
 * data, and samples are seconds apart, so each sample is its own row and nothing is aggregated away.
 */
export const TRIAL_INTERVAL = "1ms";

export interface TrialMoment {
  /** ISO time of the reading the condition fired on. */
  at: string;
  /** The reading in words: a number, a position, an event's duration. */
  value: string;
  /** The trips page with the trip that holds the moment; null when no trip holds it. */
  tripHref: string | null;
  /** The firings this moment stands for: all of them in its trip, or 1 outside trips. */
  count: number;
}

export interface VehicleTrial {
  tokenId: number;
  /** Readings the condition was evaluated over, cooldowns included. */
  readings: number;
  fired: number;
  moments: TrialMoment[];
  cooledDown: number;
  evaluationErrors: number;
  /** Why this vehicle could not be tried (its grant, DIMO's answer); null when it was. */
  error: string | null;
}

export interface WebhookTrial {
  from: string;
  to: string;
  interval: string;
  fired: number;
  vehicles: VehicleTrial[];
  /** The first evaluation error's words, when any reading failed to evaluate. */
  firstError: string | null;
  /** DIMO credits the trial's calls cost (lib/dimo/credits-log.ts). */
  creditsUsed: number;
}

/** Telemetry API queries a trial makes per vehicle: one read of the window's history. */
const TRIAL_QUERIES_PER_VEHICLE = 1;

/** The credits a trial will cost before it runs: 1 per Telemetry API query, for each vehicle it covers. */
export const trialCreditEstimate = (vehicles: number) => vehicles * TRIAL_QUERIES_PER_VEHICLE;
