import type { Position } from "geojson";
import type { GeometryCollection, Topology } from "topojson-specification";
import { describe, expect, it } from "vitest";
import topology from "world-atlas/countries-50m.json";
import { countriesOf } from "./countries";

const world = topology as unknown as Topology<{ countries: GeometryCollection }>;

const ringsOf = (countries: ReturnType<typeof countriesOf>): Position[][] =>
  countries.features.flatMap(({ geometry }) =>
    geometry.type === "Polygon" ? geometry.coordinates : geometry.coordinates.flat(),
  );

describe("countriesOf", () => {
  const countries = countriesOf(world);

  it("keeps every country that has a shape, with its name", () => {
    const shaped = world.objects.countries.geometries.filter((geometry) => geometry.type !== null);
    expect(countries.features).toHaveLength(shaped.length);
    expect(countries.features.map((country) => country.properties?.name)).toContain("Fiji");
  });

  it("rounds every coordinate to three decimals", () => {
    const coordinates = ringsOf(countries).flat();
    expect(coordinates.length).toBeGreaterThan(50_000);
    expect(
      coordinates.every(
        ([lng = NaN, lat = NaN]) =>
          Math.abs(lng * 1_000 - Math.round(lng * 1_000)) < 1e-6 &&
          Math.abs(lat * 1_000 - Math.round(lat * 1_000)) < 1e-6,
      ),
    ).toBe(true);
  });

  it("unwraps the rings that cross the antimeridian: Fiji's and Russia's have no step of half the world", () => {
    for (const name of ["Fiji", "Russia"]) {
      const country = countries.features.find((feature) => feature.properties?.name === name);
      const rings =
        country?.geometry.type === "MultiPolygon"
          ? country.geometry.coordinates.flat()
          : (country?.geometry.coordinates ?? []);
      const steps = rings.flatMap((ring) =>
        ring.slice(1).map((point, i) => Math.abs((point[0] ?? 0) - (ring[i]?.[0] ?? 0))),
      );
      expect(steps.length).toBeGreaterThan(0);
      expect(Math.max(...steps)).toBeLessThan(180);
    }
  });
});
