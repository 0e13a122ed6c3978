import { cpus, loadavg, totalmem } from "node:os";
import { round } from "./stats";

/** What a run's figures were measured on, and how busy it was: the absolute figures mean little without it. */
export interface MachineInfo {
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  node: string;
  platform: string;
  /**
   * 1-minute load average when the run started and ended: other work on the machine shows here. The absolute
   * figures are read with it; the budgets, ratios to baselines of the same run, hold with it.
   */
  loadAverage: { start: number; end: number };
}

/** The 1-minute load average now (os.loadavg), rounded for a report. */
export const loadAverageNow = (): number => round(loadavg()[0] ?? 0);

export function describeMachine(loadAtStart: number): MachineInfo {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? "unknown",
    memoryGb: round(totalmem() / 1024 ** 3, 1),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAverage: { start: loadAtStart, end: loadAverageNow() },
  };
}

/**
 * The line above a run's table: when, on what, and how busy the machine was. A load average of half the cores or more
 * at the start means other work was running, which the absolute figures show and the ratios should not.
 */
export function runHeader(date: string, machine: MachineInfo): string {
  const { start, end } = machine.loadAverage;
  const busy = start >= machine.cpus / 2 ? " (a busy machine: read the ratios, not the absolute figures)" : "";
  return `${date.slice(0, 10)}, ${machine.cpus} cores (${machine.cpuModel}), ${machine.memoryGb} GB, Node ${machine.node}, load average ${start} at the start${busy}, ${end} at the end`;
}
