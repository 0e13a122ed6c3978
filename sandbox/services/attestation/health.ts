import { type HealthSamples } from "./readings";
import { formatGoTime } from "./go-time";

/**
 * The real attester's health verdict: each distinct trouble code costs points by severity (read from its prefix),
 * a lit check-engine light counts as a warning, tyres outside 30 to 40 psi cost 20; healthy from 70 of 100.
 */
const MIN_NORMAL_KPA = 206.84;
const MAX_NORMAL_KPA = 275.79;
const PENALTY = { critical: 30, warning: 15, info: 5 } as const;
type Severity = keyof typeof PENALTY;

function severityOf(code: string): Severity {
  if (code.startsWith("P01") || code.startsWith("P02")) return "critical";
  if (code.startsWith("P03") || code.startsWith("P04") || code.startsWith("U")) return "warning";
  return "info";
}

interface TroubleCode {
  code: string;
  description?: string;
  severity: Severity;
  timestamp: string;
}

export function healthStatus(samples: HealthSamples): Record<string, unknown> {
  // Newest report first, so each code keeps the time it was last reported.
  const codes = new Map<string, TroubleCode>();
  for (const report of samples.troubleCodes) {
    for (const raw of report.value) {
      const code = raw.trim();
      if (code === "" || code === "0" || code === "00000" || codes.has(code)) continue;
      codes.set(code, { code, severity: severityOf(code), timestamp: formatGoTime(report.timestampUs) });
    }
  }
  if (samples.troubleCodeCount && !codes.has("MIL_ON")) {
    codes.set("MIL_ON", {
      code: "MIL_ON",
      description: "Check Engine Light is ON (DTC count > 0)",
      severity: "warning",
      timestamp: formatGoTime(samples.troubleCodeCount.timestampUs),
    });
  }
  const dtcs = [...codes.values()].sort((a, b) => a.code.localeCompare(b.code));

  const wheels = Object.entries(samples.tirePressure);
  let tirePressure: Record<string, unknown> | undefined;
  let tiresNormal = true;
  if (wheels.length > 0) {
    tiresNormal = wheels.every(([, reading]) => reading.value >= MIN_NORMAL_KPA && reading.value <= MAX_NORMAL_KPA);
    // As the real attester fills it from the newest samples down, the time is the oldest of the wheels' latest.
    const timestampUs = Math.min(...wheels.map(([, reading]) => reading.timestampUs));
    tirePressure = {
      ...Object.fromEntries(wheels.map(([wheel, reading]) => [wheel, reading.value])),
      unit: "kPa",
      isNormal: tiresNormal,
      timestamp: formatGoTime(timestampUs),
    };
  }

  let score = 100 - dtcs.reduce((sum, dtc) => sum + PENALTY[dtc.severity], 0) - (tiresNormal ? 0 : 20);
  score = Math.max(0, score);
  return {
    dtcs,
    ...(tirePressure ? { tirePressure } : {}),
    healthScore: score,
    isHealthy: score >= 70,
    lastUpdated: formatGoTime(samples.lastUpdatedUs),
  };
}
