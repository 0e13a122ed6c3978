import { type LatLon } from "./geo";

/** Metro areas the seeded vehicles drive in: a centre kept inland, a radius for their places, a ZIP code. */
export interface Metro {
  name: string;
  center: LatLon;
  radiusMiles: number;
  zipCode: string;
}

export const METROS = {
  lasVegas: {
    name: "Las Vegas",
    center: { latitude: 36.1497, longitude: -115.1722 },
    radiusMiles: 10,
    zipCode: "89101",
  },
  losAngeles: {
    name: "Los Angeles",
    center: { latitude: 34.0407, longitude: -118.2468 },
    radiusMiles: 11,
    zipCode: "90012",
  },
  chicago: { name: "Chicago", center: { latitude: 41.8623, longitude: -87.7501 }, radiusMiles: 7, zipCode: "60623" },
  portland: { name: "Portland", center: { latitude: 45.5231, longitude: -122.6765 }, radiusMiles: 7, zipCode: "97204" },
  miami: { name: "Miami", center: { latitude: 25.7839, longitude: -80.2974 }, radiusMiles: 7, zipCode: "33126" },
  seattle: { name: "Seattle", center: { latitude: 47.6205, longitude: -122.3105 }, radiusMiles: 5, zipCode: "98122" },
  newYork: { name: "New York", center: { latitude: 40.7282, longitude: -73.9142 }, radiusMiles: 5, zipCode: "11377" },
  austin: { name: "Austin", center: { latitude: 30.2747, longitude: -97.7404 }, radiusMiles: 10, zipCode: "78701" },
  denver: { name: "Denver", center: { latitude: 39.7392, longitude: -104.9903 }, radiusMiles: 10, zipCode: "80202" },
  sanFrancisco: {
    name: "San Francisco",
    center: { latitude: 37.7599, longitude: -122.4369 },
    radiusMiles: 3,
    zipCode: "94114",
  },
  phoenix: { name: "Phoenix", center: { latitude: 33.4484, longitude: -112.074 }, radiusMiles: 12, zipCode: "85004" },
  saltLakeCity: {
    name: "Salt Lake City",
    center: { latitude: 40.7608, longitude: -111.891 },
    radiusMiles: 8,
    zipCode: "84111",
  },
  boston: { name: "Boston", center: { latitude: 42.3467, longitude: -71.1036 }, radiusMiles: 5, zipCode: "02215" },
} as const satisfies Record<string, Metro>;

export type MetroId = keyof typeof METROS;
