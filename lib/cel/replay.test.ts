import { describe, expect, it } from "vitest";
import { EMPTY_SIGNAL, type SignalReading, evaluateSignalCondition, prepareSignalCondition } from "./conditions";
import { type TimedReading, replayCondition } from "./replay";

const speedCondition = (condition: string) => {
  const prepared = prepareSignalCondition(condition, "float64");
  if (!prepared.ok) throw new Error(prepared.error);
  return (current: SignalReading, previous: SignalReading | null) =>
    evaluateSignalCondition(prepared.prepared, current, previous ?? EMPTY_SIGNAL);
};

const speeds = (...pairs: [seconds: number, speed: number][]): TimedReading<SignalReading>[] =>
  pairs.map(([seconds, speed]) => ({ at: seconds * 1000, reading: { ...EMPTY_SIGNAL, valueNumber: speed } }));

const firedAt = (outcome: { fired: TimedReading<SignalReading>[] }) => outcome.fired.map((timed) => timed.at / 1000);

describe("replayCondition", () => {
  it("fires on every matching reading without a cooldown, in time order whatever the input order", () => {
    const outcome = replayCondition(speeds([30, 80], [10, 60], [20, 40]), speedCondition("valueNumber > 55"), 0);
    expect(firedAt(outcome)).toEqual([10, 30]);
    expect(outcome.cooledDown).toBe(0);
  });

  it("skips readings while the cooldown since the last firing runs, and fires again once it has passed", () => {
    const outcome = replayCondition(
      speeds([0, 80], [10, 90], [59, 95], [60, 70], [61, 99]),
      speedCondition("valueNumber > 55"),
      60,
    );
    expect(firedAt(outcome)).toEqual([0, 60]);
    expect(outcome.cooledDown).toBe(3);
  });

  it("gives the condition the reading it last fired on as previousValue, zero before the first firing", () => {
    // Fires when the speed rose by more than 10 since the last firing: 20 (from 0), 35 (from 20), 50 (from 35).
    const outcome = replayCondition(
      speeds([0, 20], [1, 25], [2, 35], [3, 40], [4, 50]),
      speedCondition("valueNumber - previousValueNumber > 10"),
      0,
    );
    expect(firedAt(outcome)).toEqual([0, 2, 4]);
  });

  it("counts evaluation errors as not fired and keeps their first words", () => {
    const outcome = replayCondition(
      speeds([0, 5], [1, 6]),
      speedCondition("valueNumber == 0.0 || [1][int(valueNumber)] == 1"),
      0,
    );
    expect(outcome.fired).toEqual([]);
    expect(outcome.evaluationErrors).toBe(2);
    expect(outcome.firstError).toMatch(/^failed to evaluate CEL condition: /);
  });
});
