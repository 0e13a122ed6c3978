import { type MetroId } from "../seed/metros";

/**
 * The weather and the 12 V battery, as functions of time: a yearly and a daily temperature cycle per city (coolest
 * near dawn, warmest mid-afternoon, local solar time), with a little hour-to-hour wobble; an alternator or DC-DC
 * converter holding 14 V while driving, and a resting battery settling slowly while parked.
 */

/** Yearly mean, half the yearly swing, half the daily swing, in °C. */
const CLIMATES: Record<MetroId, [mean: number, seasonal: number, daily: number]> = {
  lasVegas: [20.5, 11, 7],
  losAngeles: [18.5, 4, 5],
  chicago: [10.5, 13, 5],
  portland: [12.5, 8, 6],
  miami: [25.5, 3.5, 4],
  seattle: [11.5, 7, 5],
  newYork: [13, 11, 4.5],
  austin: [21, 8.5, 6],
  denver: [10.5, 11, 8],
  sanFrancisco: [14.5, 3, 4],
  phoenix: [24, 10, 7.5],
  saltLakeCity: [11.5, 13, 7.5],
  boston: [11, 11.5, 4.5],
};

const DAY_MS = 86_400_000;
const YEAR_MS = 365.25 * DAY_MS;
/** Mid-July, the warmest time of year in every seeded city. */
const WARMEST_DAY_MS = Date.UTC(2024, 6, 20);

function wobble(hourIndex: number, salt: number): number {
  let h = Math.imul(hourIndex ^ salt, 0x45d9f3b);
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296 - 0.5;
}

function smoothWobble(ms: number, salt: number): number {
  const hours = ms / 3_600_000;
  const k = Math.floor(hours);
  const f = hours - k;
  const s = f * f * (3 - 2 * f);
  return wobble(k, salt) * (1 - s) + wobble(k + 1, salt) * s;
}

export function outsideTemperature(metro: MetroId, longitude: number, ms: number): number {
  const [mean, seasonal, daily] = CLIMATES[metro];
  const season = Math.cos((2 * Math.PI * (ms - WARMEST_DAY_MS)) / YEAR_MS);
  const solarHour = (((ms / 3_600_000 + longitude / 15) % 24) + 24) % 24;
  // Coolest around 05:00, warmest around 15:00.
  const day = Math.cos((2 * Math.PI * (solarHour - 15)) / 24);
  const value = mean + seasonal * season + daily * day + 2.4 * smoothWobble(ms, metro.length * 7919);
  return Math.round(value * 10) / 10;
}

export function drivingVoltage(ms: number): number {
  return Math.round((14.05 + 0.25 * smoothWobble(ms / 4, 31)) * 100) / 100;
}

/** The resting voltage `parkedMs` after switching off (13.6 V while a battery electric vehicle charges). */
export function restingVoltage(ms: number, parkedMs: number, charging: boolean): number {
  if (charging) return Math.round((13.55 + 0.1 * smoothWobble(ms, 53)) * 100) / 100;
  const settled = 12.62 - 0.18 * (1 - Math.exp(-parkedMs / (3 * DAY_MS)));
  const surface = 0.25 * Math.exp(-parkedMs / 1_800_000);
  return Math.round((settled + surface + 0.03 * smoothWobble(ms, 97)) * 100) / 100;
}

/** A number in [0, 1) fixed by its inputs: the sandbox's stand-in for chance in a generated signal. */
export function chance(a: number, b: number, salt: number): number {
  return wobble(Math.imul(a, 0x9e3779b1) ^ b, salt) + 0.5;
}

/** A smooth wander in [-0.5, 0.5] over hours, different for each salt. */
export function drift(ms: number, salt: number): number {
  return smoothWobble(ms, salt);
}
