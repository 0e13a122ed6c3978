import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readSchemaFixture, type SchemaFixture } from "../sandbox/graphql/schema-fixture";
import { SIGNAL_CATALOG } from "../sandbox/services/vehicle-triggers/signal-catalog";
import { TRIGGER_CATALOG_FILE, triggerCatalogSource, triggerSignals } from "./trigger-signal-catalog";

const fixture = readSchemaFixture(new URL("../sandbox/services/telemetry/real-schema.fixture.json", import.meta.url));

/** The fixture with its SignalCollection's members replaced. */
const withSignals = (members: string[]): SchemaFixture => ({
  ...fixture,
  types: { ...fixture.types, SignalCollection: { kind: "OBJECT", members, interfaces: [] } },
});

describe("the Vehicle Triggers signal catalog", () => {
  it("is what scripts/trigger-signal-catalog.ts writes from today's schema fixture and signal catalog", async () => {
    expect(readFileSync(TRIGGER_CATALOG_FILE, "utf8")).toBe(await triggerCatalogSource());
  });

  it("lists every signal of the schema a vehicle sends, with the fixture's types and permissions", () => {
    expect(SIGNAL_CATALOG).toHaveLength(116);
    expect(SIGNAL_CATALOG.find((signal) => signal.name === "currentLocationApproximateCoordinates")).toBeUndefined();
    expect(SIGNAL_CATALOG.find((signal) => signal.name === "obdDTCList")).toMatchObject({
      valueType: "string",
      permissions: ["privilege:GetNonLocationHistory"],
    });
    expect(SIGNAL_CATALOG.find((signal) => signal.name === "currentLocationAltitude")).toEqual({
      name: "currentLocationAltitude",
      description:
        "Current altitude relative to WGS 84 reference ellipsoid, as measured at the position of GNSS receiver antenna.",
      unit: "m",
      valueType: "float64",
      permissions: ["privilege:GetLocationHistory"],
    });
  });

  it("takes privileges from the fixture, not from the signal catalog", () => {
    const [speed] = triggerSignals(
      withSignals(["speed: SignalFloat @requiresAllOfPrivileges(privileges: [VEHICLE_ALL_TIME_LOCATION])"]),
    );
    expect(speed).toMatchObject({ name: "speed", unit: "km/h", valueType: "float64", privileges: [4] });
  });

  it("refuses a schema signal the signal catalog lacks, or a privilege it cannot name", () => {
    const unknown =
      "tractorBeamStrength: SignalFloat @requiresAllOfPrivileges(privileges: [VEHICLE_NON_LOCATION_DATA])";
    expect(() => triggerSignals(withSignals([unknown]))).toThrow(/tractorBeamStrength .*lib\/signals\/catalog\.ts/);
    const commands = "speed: SignalFloat @requiresAllOfPrivileges(privileges: [VEHICLE_COMMANDS])";
    expect(() => triggerSignals(withSignals([commands]))).toThrow(/VEHICLE_COMMANDS/);
  });
});
