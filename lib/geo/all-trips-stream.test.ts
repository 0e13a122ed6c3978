import { describe, expect, it } from "vitest";
import {
  type AllTripsMessage,
  encodeMessage,
  pageDetailsOf,
  startPointsOf,
  toAllTripsMessage,
} from "./all-trips-stream";
import { makeTrip } from "@/test-support/trips";

describe("startPointsOf", () => {
  it("flattens known starts to rounded [lng, lat] pairs and skips unknown ones", () => {
    const trips = [
      makeTrip({ start: { latitude: 36.1234567, longitude: -115.7654321 } }),
      makeTrip({ start: null }),
      makeTrip({ start: null, estimated: { latitude: 1, longitude: 2 } }),
    ];
    expect(startPointsOf(trips)).toEqual([-115.76543, 36.12346, 2, 1]);
  });
});

describe("pageDetailsOf", () => {
  it("gives each drawn start its trip's id, place on the page, start, duration, distance and end", () => {
    const trips = [
      makeTrip({ id: "a", startTime: "2024-06-16T20:00:00Z", endTime: "2024-06-16T20:30:00Z" }),
      makeTrip({ id: "no-start", start: null }),
      makeTrip({ id: "c", end: null, startTime: "2024-06-16T22:00:00Z", endTime: "bad" }),
    ];
    const { points, details } = pageDetailsOf(trips);
    expect(points).toEqual([-115.1398, 36.1699, -115.1398, 36.1699]);
    expect(details.ids).toEqual(["a", "c"]);
    expect(details.offsets).toEqual([0, 2]);
    expect(details.starts).toEqual([Date.UTC(2024, 5, 16, 20) / 1000, Date.UTC(2024, 5, 16, 22) / 1000]);
    expect(details.durations).toEqual([1800, -1]);
    expect(details.distances[0]).toBeGreaterThan(19_000);
    expect(details.distances[0]).toBeLessThan(21_000);
    expect(details.distances[1]).toBe(-1);
    expect(details.ends).toEqual([-114.9817, 36.0395]);
    expect(details.endOf).toEqual([0, -1]);
  });

  it("round-trips in a page message, and a message whose details do not match its points is refused", () => {
    const { points, details } = pageDetailsOf([makeTrip({ id: "a" }), makeTrip({ id: "b" })]);
    const message: AllTripsMessage = { type: "page", page: 1, trips: 2, points, details };
    expect(toAllTripsMessage(JSON.parse(encodeMessage(message)))).toEqual(message);
    expect(toAllTripsMessage({ ...message, details: { ...details, ids: ["a"] } })).toBeNull();
    expect(toAllTripsMessage({ ...message, details: { ...details, endOf: [0, 5] } })).toBeNull();
    expect(toAllTripsMessage({ ...message, details: { ...details, starts: ["x", 1] } })).toBeNull();
  });
});

describe("messages", () => {
  it("round-trip through a line of JSON", () => {
    const message: AllTripsMessage = { type: "page", page: 3, trips: 2, points: [1, 2, 3, 4] };
    const line = encodeMessage(message);
    expect(line.endsWith("\n")).toBe(true);
    expect(toAllTripsMessage(JSON.parse(line))).toEqual(message);
  });
  it.each([
    [null],
    ["text"],
    [{ type: "page", page: 1, trips: 1, points: [1] }],
    [{ type: "page", page: 1, trips: 1, points: ["1", 2] }],
    [{ type: "start", totalPages: -1 }],
    [{ type: "surprise" }],
  ])("refuses %j", (value) => expect(toAllTripsMessage(value)).toBeNull());
  it("reads done and error messages", () => {
    expect(toAllTripsMessage({ type: "done", pages: 2, trips: 150 })).toEqual({
      type: "done",
      pages: 2,
      trips: 150,
      truncated: false,
    });
    // The failed DIMO call travels with the error, so the page can link to it; anything but a string is dropped.
    expect(
      toAllTripsMessage({ type: "error", code: "UNAVAILABLE", message: "m", retryable: true, callId: "k1" }),
    ).toEqual({
      type: "error",
      code: "UNAVAILABLE",
      message: "m",
      retryable: true,
      callId: "k1",
    });
    expect(toAllTripsMessage({ type: "error", code: "UPSTREAM_ERROR", message: "m", callId: 5 })).toEqual({
      type: "error",
      code: "UPSTREAM_ERROR",
      message: "m",
      retryable: false,
    });
    // A code this page does not know keeps its words.
    expect(toAllTripsMessage({ type: "error", code: "X", message: "m" })).toEqual({
      type: "error",
      code: "INTERNAL",
      message: "m",
      retryable: false,
    });
  });
});
