import { describe, expect, it } from "vitest";
import { firstLocatedVehicle, metroOf } from "./fleet-centre";

describe("where the geofence map starts", () => {
  it("asks the first vehicle whose grant gives a location, exact or approximate", () => {
    const choices = [
      { tokenId: 1, label: "a", privileges: [1] },
      { tokenId: 2, label: "b", privileges: [1, 8] },
      { tokenId: 3, label: "c", privileges: [4] },
    ];
    expect(firstLocatedVehicle(choices)).toBe(2);
    expect(firstLocatedVehicle(choices.slice(0, 1))).toBeNull();
  });

  it("takes the exact location over the approximate one, to about a kilometre", () => {
    const at = (name: string, latitude: number, longitude: number) => ({
      name,
      timestamp: "2026-11-26T07:00:00Z",
      value: { latitude, longitude },
    });
    expect(
      metroOf({
        signals: [
          at("currentLocationApproximateCoordinates", 40.1, -74.1),
          at("currentLocationCoordinates", 40.712776, -74.005974),
        ],
      }),
    ).toEqual({ latitude: 40.71, longitude: -74.01 });
    expect(metroOf({ signals: [at("currentLocationApproximateCoordinates", 48.137, 11.575)] })).toEqual({
      latitude: 48.14,
      longitude: 11.58,
    });
    expect(metroOf({ signals: [{ name: "speed", timestamp: "2026-11-26T07:00:00Z", value: 50 }] })).toBeNull();
  });
});
