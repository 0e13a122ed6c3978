/** RFC 3339 UTC with microseconds, as the trips service writes them: 2024-06-16T20:01:25.397535Z. */
export function isoMicros(epochMicros: number): string {
  const millis = Math.floor(epochMicros / 1000);
  const micros = epochMicros - millis * 1000;
  const base = new Date(millis).toISOString(); // 2024-06-16T20:01:25.397Z
  return `${base.slice(0, 23)}${String(micros).padStart(3, "0")}Z`;
}

/** RFC 3339 UTC to the second: 2024-01-08T15:31:15Z. */
export function isoSeconds(epochMillis: number): string {
  return new Date(Math.floor(epochMillis / 1000) * 1000).toISOString().replace(".000Z", "Z");
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
