/**
 * A webhook's condition replayed over one vehicle's past readings, with the rules the Vehicle Triggers API applies to
 * live ones: readings in time order; none is evaluated while the cooldown since the last firing runs; the condition
 * sees the reading it last fired on as its `previous…` variables (zero values before the first firing). Cooldowns run
 * on the readings' own times, since nothing is delivered. Pure, so the dashboard's trial and its tests share it.
 */
import { ConditionEvaluationError } from "./conditions";

export interface TimedReading<R> {
  /** Unix milliseconds. */
  at: number;
  reading: R;
}

export interface ReplayOutcome<R> {
  /** The readings the condition fired on, oldest first. */
  fired: TimedReading<R>[];
  /** Readings skipped because a cooldown was running. */
  cooledDown: number;
  /** Readings whose evaluation failed (the service counts them as not fired). */
  evaluationErrors: number;
  /** The first evaluation error's words, for the person who wrote the condition. */
  firstError: string | null;
}

/**
 * `fires(current, previous)` decides one reading, `previous` being the reading the condition last fired on, or null;
 * it may throw ConditionEvaluationError. `readings` may come in any order.
 */
export function replayCondition<R>(
  readings: readonly TimedReading<R>[],
  fires: (current: R, previous: R | null) => boolean,
  coolDownSeconds: number,
): ReplayOutcome<R> {
  const outcome: ReplayOutcome<R> = { fired: [], cooledDown: 0, evaluationErrors: 0, firstError: null };
  const coolDownMs = coolDownSeconds * 1000;
  let last: TimedReading<R> | null = null;
  for (const timed of [...readings].sort((a, b) => a.at - b.at)) {
    if (last && timed.at - last.at < coolDownMs) {
      outcome.cooledDown += 1;
      continue;
    }
    let fired: boolean;
    try {
      fired = fires(timed.reading, last?.reading ?? null);
    } catch (error) {
      if (!(error instanceof ConditionEvaluationError)) throw error;
      outcome.evaluationErrors += 1;
      outcome.firstError ??= error.message;
      continue;
    }
    if (!fired) continue;
    outcome.fired.push(timed);
    last = timed;
  }
  return outcome;
}
