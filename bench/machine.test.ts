import { describe, expect, it } from "vitest";
import { type MachineInfo, runHeader } from "./machine";

const machine = (start: number): MachineInfo => ({
  cpus: 2,
  cpuModel: "Test CPU",
  memoryGb: 8,
  node: "v20.0.0",
  platform: "linux x64",
  loadAverage: { start, end: 1.5 },
});

describe("runHeader", () => {
  it("names the day, the machine and the load average the run started and ended with", () => {
    expect(runHeader("2026-11-25T17:00:00.000Z", machine(0.1))).toBe(
      "2026-11-25, 2 cores (Test CPU), 8 GB, Node v20.0.0, load average 0.1 at the start, 1.5 at the end",
    );
  });

  it("says when the machine was busy at the start", () => {
    expect(runHeader("2026-11-25T17:00:00.000Z", machine(0.99))).not.toMatch(/busy/);
    expect(runHeader("2026-11-25T17:00:00.000Z", machine(1))).toMatch(
      /load average 1 at the start \(a busy machine: read the ratios/,
    );
  });
});
