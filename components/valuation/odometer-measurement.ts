/**
 * How a valuation's odometer figure was obtained, in words for people. DIMO's valuations name it "Real", "Estimated"
 * or "Market"; "Real" means little to a reader, so each kind is said plainly, with a longer explanation on hover.
 */
export interface OdometerMeasurement {
  label: string;
  tone: "success" | "primary" | "neutral";
  explanation: string;
}

const MEASUREMENTS: Record<string, OdometerMeasurement> = {
  real: { label: "Read from the car", tone: "success", explanation: "The vehicle's own odometer reading" },
  estimated: { label: "Estimated", tone: "primary", explanation: "Estimated from the vehicle's data" },
  market: {
    label: "Market average",
    tone: "neutral",
    explanation: "The market's average for a vehicle of its age; no reading yet",
  },
};

/** The known kinds by name; an unknown kind is shown as DIMO wrote it. */
export function odometerMeasurement(type: string): OdometerMeasurement {
  return (
    MEASUREMENTS[type.toLowerCase()] ?? { label: type, tone: "neutral", explanation: `Measurement type “${type}”` }
  );
}
