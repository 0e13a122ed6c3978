import { describe, expect, it } from "vitest";
import { segmentToTrip } from "./segment-trips";

describe("a telemetry segment as a trip", () => {
  it("keeps the start and end, named by its start time", () => {
    const trip = segmentToTrip({
      start: { time: "2026-11-01T08:00:00Z", location: { latitude: 1, longitude: 2 } },
      end: { time: "2026-11-01T08:20:00Z", location: { latitude: 3, longitude: 4 } },
      durationSeconds: 1200,
      isOngoing: false,
      startedBeforeRange: false,
    });
    expect(trip).toEqual({
      id: "segment-2026-11-01T08:00:00Z",
      start: { time: "2026-11-01T08:00:00Z", location: { latitude: 1, longitude: 2 }, estimatedLocation: null },
      end: { time: "2026-11-01T08:20:00Z", location: { latitude: 3, longitude: 4 }, estimatedLocation: null },
      droppedData: false,
    });
  });

  it("ends an ongoing segment where its duration so far takes it, with no end location yet", () => {
    const trip = segmentToTrip({
      start: { time: "2026-11-01T08:00:00Z", location: { latitude: 1, longitude: 2 } },
      end: null,
      durationSeconds: 90,
      isOngoing: true,
      startedBeforeRange: false,
    });
    expect(trip.end).toEqual({ time: "2026-11-01T08:01:30.000Z", location: null, estimatedLocation: null });
  });
});
