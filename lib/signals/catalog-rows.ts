/**
 * The rows of the signal catalog: each signal of DIMO's `SignalCollection` with its kind, the unit the schema
 * documents, words for people and how a value reads. lib/signals/catalog.ts adds the group, privileges and
 * description, and is the module to import.
 */

/** Digits shown per schema unit; a unit not listed shows two. */
const DIGITS: Record<string, number> = {
  km: 1,
  "km/h": 0,
  percent: 0,
  celsius: 1,
  V: 2,
  kPa: 0,
  kWh: 1,
  kW: 1,
  W: 0,
  A: 1,
  l: 1,
  "l/h": 2,
  "g/s": 1,
  rpm: 0,
  Nm: 0,
  m: 0,
  degrees: 0,
  "degrees/s": 1,
  kg: 0,
};

export type SignalKind = "float" | "string" | "location";

/** How a value reads: a number in its unit, a yes/no flag in the signal's own words, a gear, a duration, or text. */
type SignalDisplay =
  | { as: "number"; digits: number }
  | { as: "flag"; on: string; off: string }
  | { as: "gear" }
  | { as: "duration" }
  | { as: "text" }
  | { as: "location" };

/** A signal as the schema and people know it; lib/signals/catalog.ts adds where it belongs and who may read it. */
export interface CatalogRow {
  /** The field name in the real schema's SignalCollection / SignalAggregations. */
  name: string;
  kind: SignalKind;
  /** The unit as the real schema documents it ("celsius", "percent", "kPa"); empty for unitless values. */
  unit: string;
  label: string;
  display: SignalDisplay;
}

const num = (name: string, unit: string, label: string, digits = DIGITS[unit] ?? 2): CatalogRow => ({
  name,
  kind: "float",
  unit,
  label,
  display: { as: "number", digits },
});
const flag = (name: string, label: string, on = "Yes", off = "No"): CatalogRow => ({
  name,
  kind: "float",
  unit: "",
  label,
  display: { as: "flag", on, off },
});
const text = (name: string, label: string): CatalogRow => ({
  name,
  kind: "string",
  unit: "",
  label,
  display: { as: "text" },
});
const gear = (name: string, label: string): CatalogRow => ({
  name,
  kind: "float",
  unit: "",
  label,
  display: { as: "gear" },
});
const seconds = (name: string, label: string): CatalogRow => ({
  name,
  kind: "float",
  unit: "s",
  label,
  display: { as: "duration" },
});
const place = (name: string, label: string): CatalogRow => ({
  name,
  kind: "location",
  unit: "",
  label,
  display: { as: "location" },
});

const open = (name: string, label: string) => flag(name, label, "Open", "Closed");
const belted = (name: string, label: string) => flag(name, label, "Belted", "Not belted");
const warning = (name: string, label: string) => flag(name, label, "On", "Off");

/** In the order each group lists them: what people look for first, then the rest of the branch. */
export const CATALOG_ROWS: readonly CatalogRow[] = [
  // Location
  place("currentLocationCoordinates", "Location"),
  place("currentLocationApproximateCoordinates", "Approximate location"),
  num("currentLocationHeading", "degrees", "Heading"),
  num("currentLocationAltitude", "m", "Altitude"),
  // The vehicle itself
  num("speed", "km/h", "Speed"),
  flag("isIgnitionOn", "Ignition", "On", "Off"),
  num("exteriorAirTemperature", "celsius", "Outside temperature"),
  num("lowVoltageBatteryCurrentVoltage", "V", "12 V battery"),
  num("angularVelocityYaw", "degrees/s", "Yaw rate"),
  flag("connectivityCellularIsJammingDetected", "Cellular jamming detected"),
  // Powertrain and transmission
  text("powertrainType", "Powertrain"),
  num("powertrainRange", "km", "Range"),
  num("powertrainTransmissionTravelledDistance", "km", "Odometer"),
  gear("powertrainTransmissionSelectedGear", "Selected gear"),
  gear("powertrainTransmissionCurrentGear", "Current gear"),
  gear("powertrainTransmissionActualGear", "Actual gear"),
  num("powertrainTransmissionActualGearRatio", "", "Gear ratio"),
  num("powertrainTransmissionTemperature", "celsius", "Transmission temperature"),
  flag("powertrainTransmissionIsClutchSwitchOperated", "Clutch pressed"),
  num("powertrainTransmissionRetarderActualTorque", "percent", "Retarder torque"),
  text("powertrainTransmissionRetarderTorqueMode", "Retarder torque mode"),
  // Traction battery
  num("powertrainTractionBatteryStateOfChargeCurrent", "percent", "State of charge"),
  num("powertrainTractionBatteryStateOfChargeCurrentEnergy", "kWh", "Energy in the battery"),
  num("powertrainTractionBatteryRange", "km", "Battery range"),
  num("powertrainTractionBatteryStateOfHealth", "percent", "Battery health", 1),
  num("powertrainTractionBatteryGrossCapacity", "kWh", "Gross capacity"),
  num("powertrainTractionBatteryCurrentPower", "W", "Battery power"),
  num("powertrainTractionBatteryCurrentVoltage", "V", "Battery voltage", 1),
  num("powertrainTractionBatteryTemperatureAverage", "celsius", "Battery temperature"),
  // Charging
  flag("powertrainTractionBatteryChargingIsChargingCableConnected", "Cable connected", "Connected", "Not connected"),
  flag("powertrainTractionBatteryChargingIsCharging", "Charging", "Charging", "Not charging"),
  num("powertrainTractionBatteryChargingPower", "kW", "Charging power"),
  num("powertrainTractionBatteryChargingAddedEnergy", "kWh", "Energy added"),
  num("powertrainTractionBatteryChargingChargeLimit", "percent", "Charge limit"),
  num("powertrainTractionBatteryChargingChargeCurrentAC", "A", "AC charging current"),
  num("powertrainTractionBatteryChargingChargeVoltageUnknownType", "V", "Charging voltage", 0),
  // Fuel
  num("powertrainFuelSystemRelativeLevel", "percent", "Fuel level"),
  num("powertrainFuelSystemAbsoluteLevel", "l", "Fuel in the tank"),
  num("powertrainFuelSystemAccumulatedConsumption", "l", "Fuel used (lifetime)"),
  text("powertrainFuelSystemSupportedFuelTypes", "Fuel types"),
  // Combustion engine
  num("powertrainCombustionEngineSpeed", "rpm", "Engine speed"),
  num("powertrainCombustionEngineTorque", "Nm", "Engine torque"),
  num("powertrainCombustionEngineTorquePercent", "percent", "Engine torque (of maximum)"),
  num("powertrainCombustionEngineTPS", "percent", "Throttle position"),
  num("powertrainCombustionEngineMAF", "g/s", "Mass air flow"),
  num("powertrainCombustionEngineECT", "celsius", "Coolant temperature"),
  num("powertrainCombustionEngineEOT", "celsius", "Oil temperature"),
  num("powertrainCombustionEngineEOP", "kPa", "Oil pressure"),
  text("powertrainCombustionEngineEngineOilLevel", "Oil level"),
  num("powertrainCombustionEngineEngineOilRelativeLevel", "percent", "Oil level (percent)"),
  num("powertrainCombustionEngineDieselExhaustFluidLevel", "percent", "Diesel exhaust fluid level"),
  num("powertrainCombustionEngineDieselExhaustFluidCapacity", "l", "Diesel exhaust fluid capacity"),
  // Chassis and tires
  warning("chassisTireSystemIsWarningOn", "Tire pressure warning"),
  num("chassisAxleRow1WheelLeftTirePressure", "kPa", "Front left tire"),
  num("chassisAxleRow1WheelRightTirePressure", "kPa", "Front right tire"),
  num("chassisAxleRow2WheelLeftTirePressure", "kPa", "Rear left tire"),
  num("chassisAxleRow2WheelRightTirePressure", "kPa", "Rear right tire"),
  num("chassisAxleRow1WheelLeftSpeed", "km/h", "Front left wheel speed"),
  num("chassisAxleRow1WheelRightSpeed", "km/h", "Front right wheel speed"),
  warning("chassisBrakeABSIsWarningOn", "ABS warning"),
  flag("chassisParkingBrakeIsEngaged", "Parking brake", "Engaged", "Released"),
  flag("chassisBrakeIsPedalPressed", "Brake pedal", "Pressed", "Released"),
  num("chassisBrakePedalPosition", "percent", "Brake pedal position"),
  num("chassisBrakeCircuit1PressurePrimary", "kPa", "Brake circuit 1 pressure"),
  num("chassisBrakeCircuit2PressurePrimary", "kPa", "Brake circuit 2 pressure"),
  num("chassisAxleRow3Weight", "kg", "Axle 3 weight"),
  num("chassisAxleRow4Weight", "kg", "Axle 4 weight"),
  num("chassisAxleRow5Weight", "kg", "Axle 5 weight"),
  // Body, doors and cabin
  flag("bodyLockIsLocked", "Locks", "Locked", "Unlocked"),
  open("cabinDoorRow1DriverSideIsOpen", "Driver's door"),
  open("cabinDoorRow1PassengerSideIsOpen", "Front passenger's door"),
  open("cabinDoorRow2DriverSideIsOpen", "Rear door, driver's side"),
  open("cabinDoorRow2PassengerSideIsOpen", "Rear door, passenger's side"),
  open("bodyTrunkFrontIsOpen", "Front trunk"),
  open("bodyTrunkRearIsOpen", "Trunk"),
  open("cabinDoorRow1DriverSideWindowIsOpen", "Driver's window"),
  open("cabinDoorRow1PassengerSideWindowIsOpen", "Front passenger's window"),
  open("cabinDoorRow2DriverSideWindowIsOpen", "Rear window, driver's side"),
  open("cabinDoorRow2PassengerSideWindowIsOpen", "Rear window, passenger's side"),
  belted("cabinSeatRow1DriverSideIsBelted", "Driver's seat belt"),
  belted("cabinSeatRow1PassengerSideIsBelted", "Front passenger's seat belt"),
  belted("cabinSeatRow2DriverSideIsBelted", "Rear seat belt, driver's side"),
  belted("cabinSeatRow2MiddleIsBelted", "Rear middle seat belt"),
  belted("cabinSeatRow2PassengerSideIsBelted", "Rear seat belt, passenger's side"),
  belted("cabinSeatRow3DriverSideIsBelted", "Third-row seat belt, driver's side"),
  belted("cabinSeatRow3PassengerSideIsBelted", "Third-row seat belt, passenger's side"),
  warning("bodyLightsIsAirbagWarningOn", "Airbag warning"),
  // OBD
  text("obdDTCList", "Trouble codes"),
  num("obdStatusDTCCount", "", "Trouble code count", 0),
  num("obdDistanceWithMIL", "km", "Distance with the check-engine light on"),
  num("obdDistanceSinceDTCClear", "km", "Distance since codes were cleared"),
  num("obdWarmupsSinceDTCClear", "", "Warm-ups since codes were cleared", 0),
  flag("obdIsPluggedIn", "OBD device plugged in", "Plugged in", "Unplugged"),
  num("obdEngineLoad", "percent", "Engine load"),
  num("obdThrottlePosition", "percent", "Throttle position (OBD)"),
  seconds("obdRunTime", "Engine run time"),
  num("obdIntakeTemp", "celsius", "Intake air temperature"),
  num("obdOilTemperature", "celsius", "Oil temperature (OBD)"),
  num("obdMAP", "kPa", "Intake manifold pressure"),
  num("obdMaxMAF", "g/s", "Maximum mass air flow"),
  num("obdBarometricPressure", "kPa", "Barometric pressure", 1),
  num("obdFuelPressure", "kPa", "Fuel pressure"),
  num("obdFuelRailPressure", "kPa", "Fuel rail pressure"),
  num("obdFuelRate", "l/h", "Fuel rate"),
  text("obdFuelTypeName", "Fuel type"),
  num("obdEthanolPercent", "percent", "Ethanol"),
  num("obdShortTermFuelTrim1", "percent", "Short-term fuel trim (bank 1)", 1),
  num("obdLongTermFuelTrim1", "percent", "Long-term fuel trim (bank 1)", 1),
  num("obdLongTermFuelTrim2", "percent", "Long-term fuel trim (bank 2)", 1),
  num("obdO2WRSensor1Voltage", "V", "Oxygen sensor 1 voltage", 3),
  num("obdO2WRSensor2Voltage", "V", "Oxygen sensor 2 voltage", 3),
  num("obdCommandedEGR", "percent", "Commanded EGR", 1),
  num("obdCommandedEVAP", "percent", "Commanded EVAP purge", 1),
  flag("obdIsEngineBlocked", "Engine blocked"),
  flag("obdIsPTOActive", "Power take-off active"),
  // Service
  num("serviceDistanceToService", "km", "Distance to service", 0),
  seconds("serviceTimeToService", "Time to service"),
];
