import { latLngToCell } from "h3-js";
import { collectSamples, LOCATION_SIGNAL, type VehicleSource } from "../../telemetry/samples";

/**
 * What the attester reads from the Telemetry API, taken here straight from the drive simulation that serves it. The
 * real service asks for the hour either side of a requested time and keeps the sample closest to it; with no time,
 * it takes the latest value. Times are microseconds since the epoch.
 */

const HOUR_US = 3_600_000_000;
const ODOMETER_SIGNAL = "powertrainTransmissionTravelledDistance";
const DTC_LIST_SIGNAL = "obdDTCList";
const DTC_COUNT_SIGNAL = "obdStatusDTCCount";
const TIRE_SIGNALS = {
  frontLeft: "chassisAxleRow1WheelLeftTirePressure",
  frontRight: "chassisAxleRow1WheelRightTirePressure",
  rearLeft: "chassisAxleRow2WheelLeftTirePressure",
  rearRight: "chassisAxleRow2WheelRightTirePressure",
} as const;
/** The real attester's cell size for a position (about 0.74 km²). */
const POSITION_H3_RESOLUTION = 8;

export interface Reading<T> {
  value: T;
  timestampUs: number;
}

function closestIndex(times: readonly number[], targetUs: number): number {
  let best = -1;
  for (let i = 0; i < times.length; i++) {
    const t = times[i] as number;
    if (best < 0 || Math.abs(t - targetUs) < Math.abs((times[best] as number) - targetUs)) best = i;
  }
  return best;
}

/** The window the real attester searches around a requested time, never past the sandbox's now. */
function windowAround(atUs: number, nowUs: number): [number, number] {
  return [atUs - HOUR_US, Math.min(atUs + HOUR_US, nowUs)];
}

/** The odometer (km) closest to `atUs`, or the latest one at `nowUs` when no time is asked for. */
export function odometerReading(source: VehicleSource, atUs: number | null, nowUs: number): Reading<number> | null {
  let fromUs: number;
  let toUs: number;
  if (atUs === null) {
    const last = source.drives.lastStartedBy(source.tokenId, nowUs - 1);
    if (!last) return null;
    [fromUs, toUs] = [last.startUs, nowUs];
  } else {
    [fromUs, toUs] = windowAround(atUs, nowUs);
  }
  const series = collectSamples(source, fromUs, toUs, new Set([ODOMETER_SIGNAL])).floats.get(ODOMETER_SIGNAL);
  if (!series) return null;
  const i = closestIndex(series.t, atUs ?? nowUs);
  const value = series.v[i];
  // The real attester skips readings that are not positive.
  if (i < 0 || value === undefined || value <= 0) return null;
  return { value, timestampUs: series.t[i] as number };
}

/** The H3 cell (resolution 8) of the fix closest to `atUs`. */
export function positionReading(source: VehicleSource, atUs: number, nowUs: number): Reading<string> | null {
  const [fromUs, toUs] = windowAround(atUs, nowUs);
  const location = collectSamples(source, fromUs, toUs, new Set([LOCATION_SIGNAL])).location;
  const i = closestIndex(location.t, atUs);
  if (i < 0) return null;
  const cell = latLngToCell(location.lat[i] as number, location.lon[i] as number, POSITION_H3_RESOLUTION);
  return { value: cell, timestampUs: location.t[i] as number };
}

export interface HealthSamples {
  /** Trouble codes, newest report first, each with the time it was reported. */
  troubleCodes: Reading<string[]>[];
  /** The newest non-zero trouble-code count, if any. */
  troubleCodeCount: Reading<number> | null;
  tirePressure: Partial<Record<keyof typeof TIRE_SIGNALS, Reading<number>>>;
  lastUpdatedUs: number;
}

/** A trouble-code list as JSON (what the real attester parses) or comma-separated (how the sandbox sends it). */
function parseTroubleCodes(raw: string): string[] {
  const trimmed = raw.trim();
  if (trimmed.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      return Array.isArray(parsed) ? parsed.filter((code): code is string => typeof code === "string") : [];
    } catch {
      return [];
    }
  }
  return trimmed.split(",");
}

/** The health signals sent in `[fromUs, toUs)`; null when there are none. */
export function healthSamples(source: VehicleSource, fromUs: number, toUs: number): HealthSamples | null {
  const wanted = new Set<string>([DTC_LIST_SIGNAL, DTC_COUNT_SIGNAL, ...Object.values(TIRE_SIGNALS)]);
  const samples = collectSamples(source, fromUs, toUs, wanted);
  let lastUpdatedUs = -Infinity;
  const latest = (times: readonly number[]) => {
    const i = times.length - 1;
    if (i >= 0) lastUpdatedUs = Math.max(lastUpdatedUs, times[i] as number);
    return i;
  };

  const codes = samples.strings.get(DTC_LIST_SIGNAL);
  const troubleCodes: Reading<string[]>[] = [];
  if (codes) {
    latest(codes.t);
    for (let i = codes.t.length - 1; i >= 0; i--) {
      troubleCodes.push({ value: parseTroubleCodes(codes.v[i] as string), timestampUs: codes.t[i] as number });
    }
  }

  let troubleCodeCount: Reading<number> | null = null;
  const counts = samples.floats.get(DTC_COUNT_SIGNAL);
  if (counts) {
    latest(counts.t);
    for (let i = counts.t.length - 1; i >= 0 && !troubleCodeCount; i--) {
      const value = counts.v[i] as number;
      if (value > 0) troubleCodeCount = { value, timestampUs: counts.t[i] as number };
    }
  }

  const tirePressure: HealthSamples["tirePressure"] = {};
  for (const [wheel, signal] of Object.entries(TIRE_SIGNALS) as [keyof typeof TIRE_SIGNALS, string][]) {
    const series = samples.floats.get(signal);
    const i = series ? latest(series.t) : -1;
    if (series && i >= 0) tirePressure[wheel] = { value: series.v[i] as number, timestampUs: series.t[i] as number };
  }

  if (lastUpdatedUs === -Infinity) return null;
  return { troubleCodes, troubleCodeCount, tirePressure, lastUpdatedUs };
}
