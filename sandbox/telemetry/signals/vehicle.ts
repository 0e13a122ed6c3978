import { APPROXIMATE_LOCATION_SIGNAL, LOCATION_SIGNAL } from "./names";
import { altitudeAt } from "./terrain";
import { everyVehicle, float, place, round, type SignalDefinition } from "./types";

/** Signals at the top of the vehicle's tree: motion, location, ignition, the weather, the 12 V battery, service. */

const SERVICE_EVERY_KM = 15_000;
const SERVICE_EVERY_S = 365 * 86_400;

export const VEHICLE_SIGNALS: SignalDefinition[] = [
  float("speed", everyVehicle, "driving"),
  float("isIgnitionOn", everyVehicle, "always"),
  float("exteriorAirTemperature", everyVehicle, "slow"),
  float("lowVoltageBatteryCurrentVoltage", everyVehicle, "slow"),
  float("angularVelocityYaw", everyVehicle, "driving", (s) => round(s.yawDegreesPerSecond, 2)),
  float("connectivityCellularIsJammingDetected", everyVehicle, "slow", () => 0),
  // Each vehicle was last serviced at its own point of the interval, so the countdowns differ from car to car.
  float("serviceDistanceToService", everyVehicle, "slow", (s) => {
    const since = (s.odometerKm + s.vehicle.tokenId * 37) % SERVICE_EVERY_KM;
    return round(SERVICE_EVERY_KM - since, 0);
  }),
  float("serviceTimeToService", everyVehicle, "slow", (s) => {
    const since = (Math.floor(s.t / 1e6) + s.vehicle.tokenId * 86_400 * 11) % SERVICE_EVERY_S;
    return SERVICE_EVERY_S - since;
  }),
  place(LOCATION_SIGNAL, everyVehicle, "driving"),
  float("currentLocationHeading", everyVehicle, "driving"),
  float("currentLocationAltitude", everyVehicle, "driving", (s) => round(altitudeAt(s.vehicle.metro, s.point), 1)),
  // Computed from the precise location when asked for, never stored.
  place(APPROXIMATE_LOCATION_SIGNAL, everyVehicle, "driving"),
];
