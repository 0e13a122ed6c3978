/**
 * Each signal's description as DIMO documents it: the VSS description the Telemetry API's schema carries on the field
 * and the Vehicle Triggers API lists beside the signal (DIMO-Network/model-garage's definitions). In the catalog's
 * order; lib/signals/catalog.ts joins it to the rest of each signal.
 */
export const SIGNAL_DESCRIPTIONS: Readonly<Record<string, string>> = {
  currentLocationCoordinates: "Current location of the vehicle in WGS 84 coordinates.",
  currentLocationApproximateCoordinates:
    "Approximate location of the vehicle in WGS 84 coordinates. The raw value is replaced with the center of the containing H3 cell of resolution 6. HDOP is not obscured at all.",
  currentLocationHeading:
    "Current heading relative to geographic north. 0 = North, 90 = East, 180 = South, 270 = West.",
  currentLocationAltitude:
    "Current altitude relative to WGS 84 reference ellipsoid, as measured at the position of GNSS receiver antenna.",
  speed: "Vehicle speed.",
  isIgnitionOn: "Vehicle ignition status. False - off, True - on.",
  exteriorAirTemperature: "Air temperature outside the vehicle.",
  lowVoltageBatteryCurrentVoltage: "Current Voltage of the low voltage battery.",
  angularVelocityYaw: "Vehicle rotation rate along Z (vertical).",
  connectivityCellularIsJammingDetected:
    "Indicates whether cellular radio signal jamming or interference is detected that prevents normal communication.",
  powertrainType: "Defines the powertrain type of the vehicle.",
  powertrainRange: "Remaining range in kilometers using all energy sources available in the vehicle.",
  powertrainTransmissionTravelledDistance:
    "Odometer reading, total distance travelled during the lifetime of the transmission.",
  powertrainTransmissionSelectedGear: "The selected gear. 0=Neutral, 1/2/..=Forward, -1/-2/..=Reverse, 126=Park.",
  powertrainTransmissionCurrentGear: "The current gear. 0=Neutral, 1/2/..=Forward, -1/-2/..=Reverse.",
  powertrainTransmissionActualGear: "Actual transmission gear currently engaged. 0 = neutral, 1-15 = gear number.",
  powertrainTransmissionActualGearRatio: "Actual transmission gear ratio.",
  powertrainTransmissionTemperature: "The current gearbox temperature.",
  powertrainTransmissionIsClutchSwitchOperated:
    "Indicates if the Clutch switch is operated, so engine and transmission are partially or fully decoupled. False = Clutch switch not operated. True = Clutch switch operated.",
  powertrainTransmissionRetarderActualTorque: "Actual retarder torque as a percentage (FMS / J1939 SPN 520).",
  powertrainTransmissionRetarderTorqueMode: "Active engine torque mode.",
  powertrainTractionBatteryStateOfChargeCurrent:
    "Physical state of charge of the high voltage battery, relative to net capacity. This is not necessarily the state of charge being displayed to the customer.",
  powertrainTractionBatteryStateOfChargeCurrentEnergy:
    "Physical state of charge of high voltage battery expressed in kWh.",
  powertrainTractionBatteryRange: "Remaining range in kilometers using only battery.",
  powertrainTractionBatteryStateOfHealth: "Calculated battery state of health at standard conditions.",
  powertrainTractionBatteryGrossCapacity: "Gross capacity of the battery.",
  powertrainTractionBatteryCurrentPower:
    "Current electrical energy flowing in/out of battery. Positive = Energy flowing in to battery, e.g. during charging. Negative = Energy flowing out of battery, e.g. during driving.",
  powertrainTractionBatteryCurrentVoltage: "Current Voltage of the battery.",
  powertrainTractionBatteryTemperatureAverage: "Current average temperature of the battery cells.",
  powertrainTractionBatteryChargingIsChargingCableConnected:
    "Indicates if a charging cable is physically connected to the vehicle or not.",
  powertrainTractionBatteryChargingIsCharging:
    "True if charging is ongoing. Charging is considered to be ongoing if energy is flowing from charger to vehicle.",
  powertrainTractionBatteryChargingPower: "Instantaneous charging power recorded during a charging event.",
  powertrainTractionBatteryChargingAddedEnergy:
    "Amount of charge added to the high voltage battery during the current charging session, expressed in kilowatt-hours.",
  powertrainTractionBatteryChargingChargeLimit: "Target charge limit (state of charge) for battery.",
  powertrainTractionBatteryChargingChargeCurrentAC:
    "Current AC charging current (rms) at inlet. Negative if returning energy to grid. Used when per-phase numbers are unavailable.",
  powertrainTractionBatteryChargingChargeVoltageUnknownType:
    "Current charging voltage at inlet. Used when the data source does not indicate the current type (AC or DC) in use.",
  powertrainFuelSystemRelativeLevel: "Level in fuel tank as percent of capacity. 0 = empty. 100 = full.",
  powertrainFuelSystemAbsoluteLevel: "Current available fuel in the fuel tank expressed in liters.",
  powertrainFuelSystemAccumulatedConsumption:
    "Accumulated fuel consumption (totalized) reported by the vehicle (FMS SPN 250).",
  powertrainFuelSystemSupportedFuelTypes: "High level information of fuel types supported",
  powertrainCombustionEngineSpeed: "Engine speed measured as rotations per minute.",
  powertrainCombustionEngineTorque: "Current engine torque. Shall be reported as 0 during engine breaking.",
  powertrainCombustionEngineTorquePercent:
    "Actual engine output torque as a percentage of reference engine torque (FMS / J1939 parameter SPN 513).",
  powertrainCombustionEngineTPS: "Current throttle position.",
  powertrainCombustionEngineMAF: "Grams of air drawn into engine per second.",
  powertrainCombustionEngineECT: "Engine coolant temperature.",
  powertrainCombustionEngineEOT: "Engine oil temperature.",
  powertrainCombustionEngineEOP: "Engine oil pressure.",
  powertrainCombustionEngineEngineOilLevel: "Engine oil level.",
  powertrainCombustionEngineEngineOilRelativeLevel: "Engine oil level as a percentage.",
  powertrainCombustionEngineDieselExhaustFluidLevel:
    "Level of the Diesel Exhaust Fluid tank as percent of capacity. 0 = empty. 100 = full.",
  powertrainCombustionEngineDieselExhaustFluidCapacity: "Capacity in liters of the Diesel Exhaust Fluid Tank.",
  chassisTireSystemIsWarningOn: "Indicates whether the tire system warning telltale is active",
  chassisAxleRow1WheelLeftTirePressure: "Tire pressure in kilo-Pascal.",
  chassisAxleRow1WheelRightTirePressure: "Tire pressure in kilo-Pascal.",
  chassisAxleRow2WheelLeftTirePressure: "Tire pressure in kilo-Pascal.",
  chassisAxleRow2WheelRightTirePressure: "Tire pressure in kilo-Pascal.",
  chassisAxleRow1WheelLeftSpeed: "Rotational speed of a vehicle's wheel.",
  chassisAxleRow1WheelRightSpeed: "Rotational speed of a vehicle's wheel.",
  chassisBrakeABSIsWarningOn: "Indicates whether the ABS warning telltale is active (any non-off state).",
  chassisParkingBrakeIsEngaged:
    "Parking brake status. True = Parking Brake is Engaged. False = Parking Brake is not Engaged.",
  chassisBrakeIsPedalPressed: "Indicates whether the brake pedal is pressed.",
  chassisBrakePedalPosition: "Brake pedal position as percent. 0 = Not depressed. 100 = Fully depressed.",
  chassisBrakeCircuit1PressurePrimary: "Pneumatic pressure in the service brake circuit or reservoir",
  chassisBrakeCircuit2PressurePrimary: "Pneumatic pressure in the service brake circuit or reservoir",
  chassisAxleRow3Weight: "Measured Load on axle row 3.",
  chassisAxleRow4Weight: "Measured Load on axle row 3.",
  chassisAxleRow5Weight: "Measured Load on axle row 3.",
  bodyLockIsLocked:
    "Indicates whether the vehicle is locked via the central locking system. True = vehicle locked. False = vehicle unlocked.",
  cabinDoorRow1DriverSideIsOpen: "Is item open or closed? True = Fully or partially open. False = Fully closed.",
  cabinDoorRow1PassengerSideIsOpen: "Is item open or closed? True = Fully or partially open. False = Fully closed.",
  cabinDoorRow2DriverSideIsOpen: "Is item open or closed? True = Fully or partially open. False = Fully closed.",
  cabinDoorRow2PassengerSideIsOpen: "Is item open or closed? True = Fully or partially open. False = Fully closed.",
  bodyTrunkFrontIsOpen: "Is item open or closed? True = Fully or partially open. False = Fully closed.",
  bodyTrunkRearIsOpen: "Is item open or closed? True = Fully or partially open. False = Fully closed.",
  cabinDoorRow1DriverSideWindowIsOpen: "Is item open or closed? True = Fully or partially open. False = Fully closed.",
  cabinDoorRow1PassengerSideWindowIsOpen:
    "Is item open or closed? True = Fully or partially open. False = Fully closed.",
  cabinDoorRow2DriverSideWindowIsOpen: "Is item open or closed? True = Fully or partially open. False = Fully closed.",
  cabinDoorRow2PassengerSideWindowIsOpen:
    "Is item open or closed? True = Fully or partially open. False = Fully closed.",
  cabinSeatRow1DriverSideIsBelted: "Is the belt engaged.",
  cabinSeatRow1PassengerSideIsBelted: "Is the belt engaged.",
  cabinSeatRow2DriverSideIsBelted: "Is the belt engaged.",
  cabinSeatRow2MiddleIsBelted: "Is the belt engaged.",
  cabinSeatRow2PassengerSideIsBelted: "Is the belt engaged.",
  cabinSeatRow3DriverSideIsBelted: "Is the belt engaged.",
  cabinSeatRow3PassengerSideIsBelted: "Is the belt engaged.",
  bodyLightsIsAirbagWarningOn: "Indicates whether the airbag/SRS warning telltale is active.",
  obdDTCList:
    "List of currently active DTCs formatted according OBD II (SAE-J2012DA_201812) standard ([P|C|B|U]XXXXX )",
  obdStatusDTCCount: "Number of Diagnostic Trouble Codes (DTC)",
  obdDistanceWithMIL: "PID 21 - Distance traveled with MIL on",
  obdDistanceSinceDTCClear: "PID 31 - Distance traveled since codes cleared",
  obdWarmupsSinceDTCClear: "PID 30 - Number of warm-ups since codes cleared",
  obdIsPluggedIn: "Aftermarket device plugged in status. 1 = device plugged in, 0 = device unplugged.",
  obdEngineLoad: "PID 04 - Engine load in percent - 0 = no load, 100 = full load",
  obdThrottlePosition: "PID 11 - Throttle position - 0 = closed throttle, 100 = open throttle",
  obdRunTime: "PID 1F - Engine run time",
  obdIntakeTemp: "PID 0F - Intake temperature",
  obdOilTemperature: "PID 5C - Engine oil temperature",
  obdMAP: "PID 0B - Intake manifold pressure",
  obdMaxMAF: "PID 50 - Maximum flow for mass air flow sensor",
  obdBarometricPressure: "PID 33 - Barometric pressure",
  obdFuelPressure: "PID 0A - Fuel pressure",
  obdFuelRailPressure:
    "Fuel rail pressure from OBD. Uses PID 0x22 (fuel rail pressure relative to manifold vacuum) when available, otherwise falls back to PID 0x23 (fuel rail pressure direct injection).",
  obdFuelRate: "PID 5E - Engine fuel rate",
  obdFuelTypeName: "Fuel type names decoded from PID 51.",
  obdEthanolPercent: "PID 52 - Percentage of ethanol in the fuel",
  obdShortTermFuelTrim1:
    "PID 06 - Short Term (immediate) Fuel Trim - Bank 1 - negative percent leaner, positive percent richer",
  obdLongTermFuelTrim1:
    "PID 07 - Long Term (learned) Fuel Trim - Bank 1 - negative percent leaner, positive percent richer",
  obdLongTermFuelTrim2:
    "PID 09 - Long Term (learned) Fuel Trim - Bank 2 - negative percent leaner, positive percent richer",
  obdO2WRSensor1Voltage: "PID 2x (byte CD) - Voltage for wide range/band oxygen sensor",
  obdO2WRSensor2Voltage: "PID 2x (byte CD) - Voltage for wide range/band oxygen sensor",
  obdCommandedEGR: "PID 2C - Commanded exhaust gas recirculation (EGR)",
  obdCommandedEVAP: "PID 2E - Commanded evaporative purge (EVAP) valve",
  obdIsEngineBlocked: "Engine block status, 0 = engine unblocked, 1 = engine blocked",
  obdIsPTOActive: "PID 1E - Auxiliary input status (power take off)",
  serviceDistanceToService: "Remaining distance to service (of any kind). Negative values indicate service overdue.",
  serviceTimeToService: "Remaining time to service (of any kind). Negative values indicate service overdue.",
};
