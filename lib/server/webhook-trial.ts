import "server-only";
import { z } from "zod";
import {
  EMPTY_EVENT,
  EMPTY_LOCATION,
  EMPTY_SIGNAL,
  type EventReading,
  type PreparedCondition,
  type SignalReading,
  evaluateEventCondition,
  evaluateSignalCondition,
  prepareEventCondition,
  prepareSignalCondition,
} from "@/lib/cel/conditions";
import { type TimedReading, replayCondition } from "@/lib/cel/replay";
import { getDimoClient } from "@/lib/dimo";
import { meteredCredits } from "@/lib/dimo/credits-log";
import { describeError } from "@/lib/dimo/describe-error";
import { isDimoError } from "@/lib/dimo/errors";
import { type Feature, canUse, telemetryFeatureOf } from "@/lib/features";
import { AppFailure } from "@/lib/result";
import { isSignalName, signalInfo } from "@/lib/telemetry-signals";
import { guarded } from "./guard";
import { positiveWholeNumber } from "./inputs";
import { runLongRead } from "./long-reads";
import { checkCondition, conditionInput } from "./webhooks";
import { VSS_PREFIX, valueTypeOf } from "@/lib/webhooks-metrics";
import { type PagedTrip, trialMoments } from "./webhook-trial-moments";
import {
  TRIAL_DAYS,
  TRIAL_INTERVAL,
  TRIAL_MAX_VEHICLES,
  type VehicleTrial,
  type WebhookTrial,
} from "@/lib/models/webhook-trial";

/**
 * "Try it on history": a condition replayed over the last days of the Telemetry API's history for up to ten vehicles,
 * with the cooldown and `previous…` rules of a live delivery (lib/cel/replay.ts). Numeric signals are read with
 * `signals` at the finest interval, locations (with their HDOP) the same way, events with `events`; one Telemetry API
 * request per vehicle, plus a page or two of the Trips API for a vehicle that fired, to link each moment to its trip.
 * A trial reads a week of history for up to ten vehicles: it is one of the session's long reads
 * (lib/server/long-reads.ts), and stops asking DIMO for more once its client has gone.
 */

export const trialInput = conditionInput.extend({
  coolDownPeriod: z.coerce
    .number({ error: "the cooldown must be a number of seconds" })
    .int({ error: "the cooldown must be a whole number of seconds" })
    .min(0, { error: "the cooldown must be 0 seconds or more" }),
  tokenIds: z
    .array(positiveWholeNumber("tokenId"))
    .max(TRIAL_MAX_VEHICLES, { error: `a trial covers at most ${TRIAL_MAX_VEHICLES} vehicles` })
    .optional(),
});

type TrialInput = z.output<typeof trialInput>;
const DAY_MS = 86_400_000;
/** Pages of trips read to link moments: the window's trips are on the newest pages. */
const MAX_TRIP_PAGES = 3;

/**
 * How one metric's history is read and decided: the feature its reading needs, the readings, the condition, and a
 * reading in words, asked only for the firings that start a moment (a week holds tens of thousands of readings).
 */
interface MetricReader {
  feature: Feature;
  read(tokenId: number, window: { from: string; to: string }): Promise<TimedReading<Reading>[]>;
  fires(prepared: PreparedCondition, current: Reading, previous: Reading | null): boolean;
  words(reading: Reading): string;
}

type Reading = { signal: SignalReading } | { event: EventReading };

const signalOf = (reading: Reading | null): SignalReading =>
  reading && "signal" in reading ? reading.signal : EMPTY_SIGNAL;
const eventOf = (reading: Reading | null): EventReading =>
  reading && "event" in reading ? reading.event : EMPTY_EVENT;

/**
 * The Telemetry API answers `signals` with null, not an empty list, when no bucket has data; the client reports that
 * as a failure with no upstream words. For a trial it is a vehicle that drove no readings in the window.
 */
const isNoDataAnswer = (error: unknown): boolean =>
  isDimoError(error) &&
  error.service === "telemetry" &&
  error.status === 200 &&
  error.code === "BAD_REQUEST" &&
  !error.upstreamMessage;

/** The readings, or none when the Telemetry API had no data for the window. */
async function readingsOrNone<T>(read: Promise<T[]>): Promise<T[]> {
  try {
    return await read;
  } catch (error) {
    if (isNoDataAnswer(error)) return [];
    throw error;
  }
}

const refuse = (message: string): never => {
  throw new AppFailure({ code: "INVALID_INPUT", message, retryable: false });
};

function readerFor(input: TrialInput): MetricReader {
  const client = getDimoClient();
  if (input.service === "events") {
    return {
      feature: "events",
      async read(tokenId, window) {
        const events = await client.listEvents(tokenId, window);
        return events
          .filter((event) => event.name === input.metricName)
          .map((event) => ({
            at: Date.parse(event.timestamp),
            reading: { event: { ...event, metadata: event.metadata ?? "" } },
          }));
      },
      fires: (prepared, current, previous) => evaluateEventCondition(prepared, eventOf(current), eventOf(previous)),
      words: (reading) => `${(eventOf(reading).durationNs / 1e9).toFixed(1)} s`,
    };
  }
  const name = input.metricName.slice(VSS_PREFIX.length);
  const fires: MetricReader["fires"] = (prepared, current, previous) =>
    evaluateSignalCondition(prepared, signalOf(current), signalOf(previous));
  if (valueTypeOf(input.metricName) === "vss.Location" && isSignalName(name)) {
    return {
      feature: telemetryFeatureOf(name),
      async read(tokenId, window) {
        // The named location signal alone; its HDOP when the condition may read it, so `value.hdop` is the real one.
        const history = await client.getLocationHistory(tokenId, {
          signal: name,
          aggregation: "LAST",
          interval: TRIAL_INTERVAL,
          withHdop: /hdop/i.test(input.condition),
          ...window,
        });
        return history.points.map(({ at, latitude, longitude, hdop }) => ({
          at,
          reading: {
            signal: { ...EMPTY_SIGNAL, valueLocation: { latitude, longitude, hdop: hdop ?? EMPTY_LOCATION.hdop } },
          },
        }));
      },
      fires,
      words: (reading) => {
        const { latitude, longitude } = signalOf(reading).valueLocation;
        return `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
      },
    };
  }
  if (!isSignalName(name) || signalInfo(name)?.kind !== "float") {
    return refuse(
      `The history trial reads numeric signals, locations and events; ${input.metricName} is not one it can read.`,
    );
  }
  return {
    feature: telemetryFeatureOf(name),
    async read(tokenId, window) {
      const history = await client.getSignalHistory(tokenId, {
        signal: name,
        aggregation: "FIRST",
        interval: TRIAL_INTERVAL,
        ...window,
      });
      return history.points.map((point) => ({
        at: Date.parse(point.timestamp),
        reading: { signal: { ...EMPTY_SIGNAL, valueNumber: point.value } },
      }));
    },
    fires,
    words: (reading) => String(signalOf(reading).valueNumber),
  };
}

function prepared(input: TrialInput): PreparedCondition {
  const refusal = checkCondition(input);
  if (refusal) refuse(refusal);
  const result =
    input.service === "events"
      ? prepareEventCondition(input.condition)
      : prepareSignalCondition(input.condition, valueTypeOf(input.metricName));
  return result.ok ? result.prepared : refuse(result.error);
}

/** The vehicles to try: the ones asked for, or the first ones shared with a grant that lets the metric be read. */
async function vehiclesToTry(input: TrialInput, feature: Feature): Promise<number[]> {
  if (input.tokenIds && input.tokenIds.length > 0) return [...new Set(input.tokenIds)];
  const vehicles = await getDimoClient().listAllVehicles();
  return vehicles
    .filter((vehicle) => vehicle.grant !== null && canUse(vehicle.grant, feature))
    .slice(0, TRIAL_MAX_VEHICLES)
    .map((vehicle) => vehicle.tokenId);
}

/** The trips that started in the window or were under way at its start, with the page each is on. */
async function tripsSince(tokenId: number, fromMs: number, signal: AbortSignal | undefined): Promise<PagedTrip[]> {
  const client = getDimoClient();
  const found: PagedTrip[] = [];
  for (let page = 1; page <= MAX_TRIP_PAGES; page += 1) {
    signal?.throwIfAborted();
    const { trips, totalPages } = await client.listTrips(tokenId, page);
    found.push(...trips.map((trip) => ({ trip, page })));
    const oldest = Math.min(...trips.map((trip) => Date.parse(trip.start.time)));
    if (trips.length === 0 || oldest < fromMs || page >= totalPages) break;
  }
  return found;
}

/** The firings grouped by trip, reading the trips only for a vehicle that fired and whose grant allows them. */
async function momentsOf(
  tokenId: number,
  fired: TimedReading<Reading>[],
  words: MetricReader["words"],
  fromMs: number,
  signal: AbortSignal | undefined,
) {
  const grant = (await getDimoClient().getVehicle(tokenId))?.grant ?? null;
  const trips = fired.length > 0 && canUse(grant, "trips") ? await tripsSince(tokenId, fromMs, signal) : [];
  return trialMoments(tokenId, fired, trips, (timed) => words(timed.reading));
}

/**
 * The condition replayed over the window for each vehicle; a vehicle that cannot be read says why, the rest answer.
 * Once `signal` aborts, no vehicle asks DIMO for more and the trial rejects with the signal's reason.
 */
export async function runTrial(
  input: TrialInput,
  now: number = Date.now(),
  signal?: AbortSignal,
): Promise<Omit<WebhookTrial, "creditsUsed">> {
  const program = prepared(input);
  const reader = readerFor(input);
  const toMs = Math.floor(now / 1000) * 1000;
  const fromMs = toMs - TRIAL_DAYS * DAY_MS;
  const window = { from: new Date(fromMs).toISOString(), to: new Date(toMs).toISOString() };
  let firstError: string | null = null;

  const tryVehicle = async (tokenId: number): Promise<VehicleTrial> => {
    try {
      const readings = await readingsOrNone(reader.read(tokenId, window));
      signal?.throwIfAborted();
      const outcome = replayCondition(
        readings,
        (current, previous) => reader.fires(program, current, previous),
        input.coolDownPeriod,
      );
      firstError ??= outcome.firstError;
      return {
        tokenId,
        readings: readings.length,
        fired: outcome.fired.length,
        moments: await momentsOf(tokenId, outcome.fired, reader.words, fromMs, signal),
        cooledDown: outcome.cooledDown,
        evaluationErrors: outcome.evaluationErrors,
        error: null,
      };
    } catch (error) {
      if (signal?.aborted) throw error;
      const words = describeError(error).message;
      return { tokenId, readings: 0, fired: 0, moments: [], cooledDown: 0, evaluationErrors: 0, error: words };
    }
  };

  const tokenIds = await vehiclesToTry(input, reader.feature);
  signal?.throwIfAborted();
  const vehicles = await Promise.all(tokenIds.map(tryVehicle));
  return {
    ...window,
    interval: TRIAL_INTERVAL,
    fired: vehicles.reduce((sum, vehicle) => sum + vehicle.fired, 0),
    vehicles,
    firstError,
  };
}

/** The guarded trial, for the trial route: one of the session's long reads, refused in words past the cap. */
export const tryWebhookOnHistory = guarded(
  trialInput,
  async function tryWebhookOnHistory(input, { session, signal }) {
    return runLongRead(session, signal, async (aborted) => {
      const { result, credits } = await meteredCredits(() => runTrial(input, Date.now(), aborted));
      return { ...result, creditsUsed: credits };
    });
  },
  {
    change: {
      kind: "webhook.trial",
      describe: (input) => ({ detail: `Tried the condition "${input.condition}" on recorded history` }),
    },
  },
);
