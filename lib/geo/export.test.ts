import { describe, expect, it } from "vitest";
import { csvCell, csvRow } from "./csv";
import { TRIP_CSV_COLUMNS, exportFileName, tripsToCsv, tripsToGeoJson } from "./export";
import { tripsToFeatures } from "./trip-features";
import { makeTrip } from "@/test-support/trips";

/** A small RFC 4180 reader, enough to check what the writer produced. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  return rows;
}

describe("csvCell", () => {
  it.each([
    ["plain", "plain"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    [null, ""],
    [undefined, ""],
    [Number.NaN, ""],
    [-115.5, "-115.5"],
    [false, "false"],
  ])("%j -> %s", (value, cell) => expect(csvCell(value)).toBe(cell));

  it.each([
    ['=HYPERLINK("http://evil.example")', '"\'=HYPERLINK(""http://evil.example"")"'],
    ["+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1", "'\t=1"],
    ["\r=1", '"\'\r=1"'],
  ])("neutralises the formula-like text %j -> %s", (value, cell) => expect(csvCell(value)).toBe(cell));

  it("ends rows with CRLF", () => expect(csvRow(["a", 1])).toBe("a,1\r\n"));
});

describe("tripsToCsv", () => {
  const trips = [
    makeTrip({ id: "first", estimated: { latitude: 36.16, longitude: -115.13 } }),
    makeTrip({ id: "no,end", end: null, droppedData: true }),
  ];
  const rows = parseCsv(tripsToCsv(trips));

  it("has a header row and one row per trip", () => {
    expect(rows[0]).toEqual([...TRIP_CSV_COLUMNS]);
    expect(rows).toHaveLength(3);
  });

  it("writes the values, escaped", () => {
    const record = Object.fromEntries(TRIP_CSV_COLUMNS.map((column, i) => [column, rows[1]?.[i]]));
    expect(record).toMatchObject({
      id: "first",
      start_time: "2024-06-16T20:01:25.397535Z",
      duration_seconds: "1800",
      start_latitude: "36.1699",
      end_longitude: "-114.9817",
      estimated_start_latitude: "36.16",
      dropped_data: "false",
    });
    expect(Number(record.distance_km)).toBeCloseTo(20.2, 0);
    expect(rows[2]?.[0]).toBe("no,end");
  });

  it("leaves unknown places and distances empty", () => {
    const record = Object.fromEntries(TRIP_CSV_COLUMNS.map((column, i) => [column, rows[2]?.[i]]));
    expect(record).toMatchObject({
      end_latitude: "",
      end_longitude: "",
      distance_km: "",
      estimated_start_latitude: "",
      dropped_data: "true",
    });
  });

  it("is only a header for no trips", () => expect(parseCsv(tripsToCsv([]))).toEqual([[...TRIP_CSV_COLUMNS]]));
});

describe("tripsToGeoJson", () => {
  it("draws a line, a point or nothing depending on what is known", () => {
    const collection = tripsToGeoJson([
      makeTrip({ id: "a" }),
      makeTrip({ id: "b", start: null }),
      makeTrip({ id: "c", start: null, end: null }),
    ]);
    expect(collection.features.map((f) => f.geometry?.type ?? null)).toEqual(["LineString", "Point", null]);
    expect(collection.features[0]?.geometry).toEqual({
      type: "LineString",
      coordinates: [
        [-115.1398, 36.1699],
        [-114.9817, 36.0395],
      ],
    });
    expect(collection.features[1]?.properties).toMatchObject({
      id: "b",
      startKnown: false,
      endKnown: true,
      distanceKm: null,
    });
  });
  it("survives a round trip through JSON", () => {
    const collection = tripsToGeoJson([makeTrip()]);
    expect(JSON.parse(JSON.stringify(collection))).toEqual(collection);
  });
});

describe("tripsToFeatures", () => {
  it("gives each trip a line and two end points that share the trip's index as id", () => {
    const { features } = tripsToFeatures([makeTrip({ id: "a" }), makeTrip({ id: "b", end: null })]);
    expect(features.map((f) => [f.id, f.properties.kind, f.properties.tripId])).toEqual([
      [0, "line", "a"],
      [0, "start", "a"],
      [0, "end", "a"],
      [1, "start", "b"],
    ]);
  });
  it("marks a start drawn from the estimate", () => {
    const { features } = tripsToFeatures([
      makeTrip({ start: null, estimated: { latitude: 36, longitude: -115 }, end: null }),
    ]);
    expect(features[0]?.properties).toMatchObject({ kind: "start", estimated: true });
  });
});

describe("exportFileName", () => {
  it("names the vehicle, the scope and the format", () => {
    expect(exportFileName(21957, 3, "csv")).toBe("vehicle-21957-trips-page-3.csv");
    expect(exportFileName(21957, "all", "geojson")).toBe("vehicle-21957-trips-all.geojson");
  });
});
