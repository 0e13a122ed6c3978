/** A driving event DIMO's Telemetry API reports (`events`): harsh braking, acceleration, cornering and the like. */
export interface DrivingEvent {
  /** ISO time of the event. */
  timestamp: string;
  /** `behavior.harshBraking`, `behavior.extremeBraking`, `behavior.harshAcceleration`, `behavior.harshCornering`, ... */
  name: string;
  /** The connection that reported it. */
  source: string;
  durationNs: number;
  /** Free-form JSON text from the source, when it sent any. */
  metadata: string | null;
}

/** The driving events in a window, as the trips page asks for them. */
export interface DrivingEvents {
  from: string;
  to: string;
  events: DrivingEvent[];
}
