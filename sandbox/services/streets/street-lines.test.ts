import { describe, expect, it } from "vitest";
import { METROS } from "../../seed/metros";
import { streetNetwork } from "../../seed/streets";
import { ARTERIALS_MAX_SPAN, parseBBox, streetsIn } from "./street-lines";

const CHICAGO = METROS.chicago.center;
const around = (latitude: number, longitude: number, half: number) =>
  [longitude - half, latitude - half, longitude + half, latitude + half] as [number, number, number, number];

describe("streetsIn", () => {
  it("gives a city-zoom box its local streets and arterials, every junction inside or next to the box", () => {
    const box = around(CHICAGO.latitude, CHICAGO.longitude, 0.01);
    const { features } = streetsIn(box);
    expect(features.filter((f) => f.properties.class === "local").length).toBeGreaterThan(10);
    expect(features.filter((f) => f.properties.class === "arterial").length).toBeGreaterThan(0);
    for (const feature of features) {
      expect(feature.properties.city).toBe("Chicago");
      expect(feature.geometry.coordinates.length).toBeGreaterThan(2);
    }
  });

  it("draws the junctions the routes are planned through", () => {
    const network = streetNetwork(METROS.chicago);
    const node = network.nearestNode(network.toXY(CHICAGO));
    const junction = network.toLatLon(network.node(node));
    const { features } = streetsIn(around(junction.latitude, junction.longitude, 0.005));
    // Coordinates are rounded to 6 decimals (about 10 cm).
    const nearest = Math.min(
      ...features.flatMap((f) =>
        f.geometry.coordinates.map(
          ([lng, lat]) => Math.abs(lng - junction.longitude) + Math.abs(lat - junction.latitude),
        ),
      ),
    );
    expect(nearest).toBeLessThan(1e-6);
  });

  it("keeps only arterials in a wide box, and nothing in a box wider than a city region or away from every city", () => {
    const wide = streetsIn(around(CHICAGO.latitude, CHICAGO.longitude, 0.2));
    expect(wide.features.length).toBeGreaterThan(0);
    expect(wide.features.every((f) => f.properties.class === "arterial")).toBe(true);
    expect(streetsIn(around(CHICAGO.latitude, CHICAGO.longitude, ARTERIALS_MAX_SPAN)).features).toEqual([]);
    expect(streetsIn(around(0, 0, 0.01)).features).toEqual([]);
  });
});

describe("parseBBox", () => {
  it("accepts four numbers in range, in order, and refuses anything else", () => {
    expect(parseBBox("-87.8,41.8,-87.7,41.9")).toEqual([-87.8, 41.8, -87.7, 41.9]);
    for (const bad of [
      undefined,
      "",
      "1,2,3",
      "a,b,c,d",
      "-87.7,41.8,-87.8,41.9",
      "-190,0,1,1",
      "1e3,0,1,1",
      "0,0,1,1,2",
    ]) {
      expect(parseBBox(bad)).toBeNull();
    }
  });
});
