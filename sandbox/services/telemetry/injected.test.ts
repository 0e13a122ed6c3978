import { beforeEach, describe, expect, it } from "vitest";
import { VEHICLE_IDS } from "../../seed/vehicles";
import { telemetryQuery } from "@/test-support/sandbox-telemetry";
import { setUpSandbox } from "@/test-support/sandbox";

/** Samples injected through the control surface are served as the vehicle's latest values. */

const suite = setUpSandbox();
const CAMRY = VEHICLE_IDS.exactly100;
const TIRE = "chassisAxleRow2WheelLeftTirePressure";

beforeEach(async () => {
  await suite.control.reset();
  await suite.control.freezeClock(true);
});

type Latest = { signalsLatest: Record<string, { timestamp: string; value: number } | null> };

describe("injected samples", () => {
  it("become the latest value once injected, and are gone after a reset", async () => {
    const token = await suite.vehicleJwt(CAMRY, [1]);
    const ask = () =>
      telemetryQuery<Latest>(suite, token, `{ signalsLatest(tokenId: ${CAMRY}) { ${TIRE} { timestamp value } } }`);
    const before = (await ask()).data?.signalsLatest[TIRE];
    expect(before?.value).toBeGreaterThan(150);

    await suite.control.injectSignal({ tokenId: CAMRY, name: `vss.${TIRE}`, value: 120.5 });
    const after = (await ask()).data?.signalsLatest[TIRE];
    expect(after?.value).toBe(120.5);
    expect(Date.parse(after?.timestamp ?? "")).toBeGreaterThanOrEqual(Date.parse(before?.timestamp ?? ""));

    await suite.control.reset();
    expect((await ask()).data?.signalsLatest[TIRE]?.value).not.toBe(120.5);
  });

  it("do not replace a newer simulated value, nor show before their time", async () => {
    const token = await suite.vehicleJwt(CAMRY, [1]);
    const ask = () =>
      telemetryQuery<Latest>(suite, token, `{ signalsLatest(tokenId: ${CAMRY}) { ${TIRE} { timestamp value } } }`);
    const simulated = (await ask()).data?.signalsLatest[TIRE];
    const { now } = await suite.control.clock();
    // An old reading, and one from the future: neither is the latest now.
    await suite.control.injectSignal({ tokenId: CAMRY, name: TIRE, value: 99, timestamp: "2020-01-01T00:00:00Z" });
    await suite.control.injectSignal({ tokenId: CAMRY, name: TIRE, value: 98, timestamp: Date.parse(now) + 3_600_000 });
    expect((await ask()).data?.signalsLatest[TIRE]).toEqual(simulated);
  });
});
