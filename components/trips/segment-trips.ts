import { type Segment, type Trip } from "@/lib/models";

/**
 * A telemetry segment as a trip, so the trips list and map show both sources the same way. Its id is its start time
 * (segments have none of their own, and no two start at once); an ongoing segment ends, for now, where its duration
 * so far takes it, with no end location yet.
 */
export function segmentToTrip(segment: Segment): Trip {
  const endTime =
    segment.end?.time ?? new Date(Date.parse(segment.start.time) + segment.durationSeconds * 1000).toISOString();
  return {
    id: `segment-${segment.start.time}`,
    start: { time: segment.start.time, location: segment.start.location, estimatedLocation: null },
    end: { time: endTime, location: segment.end?.location ?? null, estimatedLocation: null },
    droppedData: false,
  };
}
