import { describe, expect, it } from "vitest";
import { readTripsPage } from "./dashboard-client";

const trip = {
  id: "3LDueOGjVpXrOhaWVrV68jSfODH",
  start: { time: "2026-10-26T07:50:53Z", location: null, estimatedLocation: null },
  end: { time: "2026-10-26T07:59:23Z", location: null, estimatedLocation: null },
  droppedData: true,
};

describe("readTripsPage", () => {
  it("reads the trips and the page count of a successful answer", () => {
    expect(readTripsPage(200, JSON.stringify({ trips: [trip, trip], totalPages: 25, currentPage: 1 }))).toEqual({
      trips: [trip, trip],
      totalPages: 25,
    });
  });

  it("fails with the route's error code, or when the body is not a trips page", () => {
    const refused = JSON.stringify({ error: { code: "UNAUTHENTICATED", message: "x", retryable: false } });
    expect(() => readTripsPage(401, refused)).toThrow("the trips route answered 401: UNAUTHENTICATED");
    expect(() => readTripsPage(200, JSON.stringify({ trips: "nope" }))).toThrow(/without a trips page/);
  });
});
