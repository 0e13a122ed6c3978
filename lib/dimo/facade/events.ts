import "server-only";
import { type DrivingEvent } from "@/lib/models";
import { fetchEvents } from "../telemetry/events";
import { type ClientContext } from "./context";

/** The Telemetry API's driving events: harsh braking, acceleration and cornering, derived by DIMO from the signals. */

export interface EventMethods {
  /** The vehicle's driving events with from <= timestamp < to (ISO times), newest first; privileges 1 and 4. */
  listEvents(tokenId: number, window: { from: string; to: string }): Promise<DrivingEvent[]>;
}

export function eventMethods({ http, config, withAccess }: ClientContext): EventMethods {
  return {
    listEvents: (tokenId, window) =>
      withAccess(tokenId, "events", (token) =>
        fetchEvents({ http, baseUrl: config.urls.telemetry, token, tokenId }, window),
      ),
  };
}
