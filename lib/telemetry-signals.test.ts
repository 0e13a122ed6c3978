import { describe, expect, it } from "vitest";
import { catalogSignal } from "./signals/catalog";
import { TELEMETRY_SIGNALS, isSignalName, signalInfo } from "./telemetry-signals";

describe("the signals the dashboard names", () => {
  it("carry the one catalog's facts", () => {
    expect(TELEMETRY_SIGNALS).toHaveLength(12);
    for (const signal of TELEMETRY_SIGNALS) expect(signal, signal.name).toEqual(catalogSignal(signal.name));
    expect(signalInfo("speed")).toMatchObject({ kind: "float", unit: "km/h", label: "Speed", anyOf: [1] });
    expect(signalInfo("currentLocationApproximateCoordinates")).toMatchObject({ kind: "location", anyOf: [8, 4] });
  });

  it("leave out the catalog's other signals", () => {
    expect(catalogSignal("obdDTCList")).toBeDefined();
    expect(signalInfo("obdDTCList")).toBeUndefined();
    expect(isSignalName("obdDTCList")).toBe(false);
    expect(isSignalName("powertrainType")).toBe(true);
  });
});
