/** The ranges the panel offers for a health credential, each within the Attestation API's 30 days. */
export const HEALTH_RANGES = [
  { id: "day", label: "Last 24 hours", ms: 24 * 3_600_000 },
  { id: "week", label: "Last 7 days", ms: 7 * 24 * 3_600_000 },
  { id: "month", label: "Last 30 days", ms: 30 * 24 * 3_600_000 },
] as const;

export type HealthRangeId = (typeof HEALTH_RANGES)[number]["id"];

/** The range ending at `nowMs` (the moment of the click by default), as the Attestation API takes it. */
export function healthRange(id: HealthRangeId, nowMs = Date.now()): { startTime: string; endTime: string } {
  const ms = HEALTH_RANGES.find((range) => range.id === id)?.ms ?? HEALTH_RANGES[0].ms;
  return { startTime: new Date(nowMs - ms).toISOString(), endTime: new Date(nowMs).toISOString() };
}
