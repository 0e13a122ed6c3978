import { describe, expect, it } from "vitest";
import { METROS } from "../../seed/metros";
import { streetNetwork } from "../../seed/streets";
import { ARTERIALS_MAX_SPAN, basemapIn, parseBBox, streetsIn } from "./street-lines";

const CHICAGO = METROS.chicago.center;
const around = (latitude: number, longitude: number, half: number) =>
  [longitude - half, latitude - half, longitude + half, latitude + half] as [number, number, number, number];

describe("streetsIn", () => {
  it("gives a city-zoom box its local streets and arterials, every junction inside or next to the box", () => {
    const features = streetsIn(around(CHICAGO.latitude, CHICAGO.longitude, 0.01));
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
    const features = streetsIn(around(junction.latitude, junction.longitude, 0.005));
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
    expect(wide.length).toBeGreaterThan(0);
    expect(wide.every((f) => f.properties.class === "arterial")).toBe(true);
    expect(streetsIn(around(CHICAGO.latitude, CHICAGO.longitude, ARTERIALS_MAX_SPAN))).toEqual([]);
    expect(streetsIn(around(0, 0, 0.01))).toEqual([]);
  });

  it("names every street, the same name in any box, and neighbouring streets differently", () => {
    const small = streetsIn(around(CHICAGO.latitude, CHICAGO.longitude, 0.01));
    for (const feature of small)
      expect(feature.properties.name).toMatch(/^[A-Z][\w ]+ (Avenue|Boulevard|Street|Road)$/);
    const names = small.map((f) => f.properties.name);
    expect(new Set(names).size).toBe(names.length);
    const wider = new Set(streetsIn(around(CHICAGO.latitude, CHICAGO.longitude, 0.03)).map((f) => f.properties.name));
    for (const name of names) expect(wider).toContain(name);
  });
});

describe("basemapIn", () => {
  it("gives a city its name at its centre and its river, whatever the width of the box", () => {
    for (const half of [0.05, 0.5, 10]) {
      const { features } = basemapIn(around(CHICAGO.latitude, CHICAGO.longitude, half));
      const places = features.filter((f) => f.properties.kind === "place");
      expect(places.map((f) => f.properties.kind === "place" && f.properties.name)).toContain("Chicago");
      const water = features.filter((f) => f.properties.kind === "water");
      expect(water.length).toBe(half > ARTERIALS_MAX_SPAN / 2 ? 0 : 1);
    }
    // A river crosses the city: its outline is a closed ring wider than the city's centre.
    const river = basemapIn(around(CHICAGO.latitude, CHICAGO.longitude, 0.05)).features.find(
      (f) => f.properties.kind === "water",
    );
    expect(river?.geometry.type).toBe("Polygon");
    const ring = river?.geometry.type === "Polygon" ? (river.geometry.coordinates[0] ?? []) : [];
    expect(ring[0]).toEqual(ring.at(-1));
    const longitudes = ring.map(([longitude]) => longitude);
    const latitudes = ring.map(([, latitude]) => latitude);
    expect(
      Math.max(Math.max(...longitudes) - Math.min(...longitudes), Math.max(...latitudes) - Math.min(...latitudes)),
    ).toBeGreaterThan(0.1);
  });

  it("has no city away from every city", () => {
    expect(basemapIn(around(0, 0, 0.5)).features).toEqual([]);
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
