import type { LatLng, Trip } from "@/lib/models";

/** A trip for tests: Las Vegas to Henderson unless told otherwise. */
export function makeTrip(overrides: {
  id?: string;
  start?: LatLng | null;
  end?: LatLng | null;
  estimated?: LatLng | null;
  startTime?: string;
  endTime?: string;
  droppedData?: boolean;
} = {}): Trip {
  return {
    id: overrides.id ?? "2hyZ4PrT9NNTLJXXRufpPFUPUxn",
    start: {
      time: overrides.startTime ?? "2024-06-16T20:01:25.397535Z",
      location: overrides.start === undefined ? { latitude: 36.1699, longitude: -115.1398 } : overrides.start,
      estimatedLocation: overrides.estimated ?? null,
    },
    end: {
      time: overrides.endTime ?? "2024-06-16T20:31:25.397535Z",
      location: overrides.end === undefined ? { latitude: 36.0395, longitude: -114.9817 } : overrides.end,
      estimatedLocation: null,
    },
    droppedData: overrides.droppedData ?? false,
  };
}
