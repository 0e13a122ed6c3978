import { describe, expect, it } from "vitest";
import { type AllTripsMessage, LineSplitter, encodeMessage, startPointsOf, toAllTripsMessage } from "./all-trips-stream";
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
    expect(toAllTripsMessage({ type: "done", pages: 2, trips: 150 })).toEqual({ type: "done", pages: 2, trips: 150, truncated: false });
    expect(toAllTripsMessage({ type: "error", code: "X", message: "m" })).toEqual({ type: "error", code: "X", message: "m", retryable: false });
  });
});

describe("LineSplitter", () => {
  it("keeps a partial line until its end arrives", () => {
    const splitter = new LineSplitter();
    expect(splitter.push('{"a":1}\n{"b"')).toEqual(['{"a":1}']);
    expect(splitter.push(':2}\n\n{"c":3}')).toEqual(['{"b":2}']);
    expect(splitter.flush()).toEqual(['{"c":3}']);
    expect(splitter.flush()).toEqual([]);
  });
});
