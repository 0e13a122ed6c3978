import { chance } from "../conditions";
import {
  everyVehicle,
  flag,
  float,
  noSeededVehicle,
  type SignalDefinition,
  type TickState,
  withTractionBattery,
} from "./types";

/**
 * Doors, locks, windows, trunks and seat belts. While driving the doors are shut and the occupied seats belted; at
 * ignition off the belts come off and the doors open to get out; parked, the car is closed and locked, except for
 * the odd time its owner forgets (a window left open, the car left unlocked).
 */

type Seat = "row1Passenger" | "row2Driver" | "row2Middle" | "row2Passenger";

/** How often each seat is taken on a trip. */
const OCCUPANCY: Record<Seat, number> = {
  row1Passenger: 0.35,
  row2Driver: 0.15,
  row2Middle: 0.05,
  row2Passenger: 0.15,
};
const SEAT_SALT: Record<Seat, number> = { row1Passenger: 3, row2Driver: 5, row2Middle: 7, row2Passenger: 9 };

function occupied(s: TickState, seat: Seat): boolean {
  return chance(s.vehicle.tokenId, s.tripSeq, SEAT_SALT[seat]) < OCCUPANCY[seat];
}

/** The car left unlocked, or a window left open, after this trip. */
const forgotToLock = (s: TickState) => chance(s.vehicle.tokenId, s.tripSeq, 11) < 0.04;
const forgotWindow = (s: TickState) => chance(s.vehicle.tokenId, s.tripSeq, 13) < 0.03;

/** Windows down on a warm drive, on some trips. */
const warmDrive = (s: TickState) => s.outsideCelsius > 24 && chance(s.vehicle.tokenId, s.tripSeq, 17) < 0.5;

function locked(s: TickState): number {
  if (s.phase === "driving") return flag(s.tripSeconds > 20);
  if (s.phase === "arrived") return 0;
  return flag(!forgotToLock(s));
}

function doorOpen(s: TickState, seat: Seat | "row1Driver"): number {
  if (s.phase !== "arrived") return 0;
  return flag(seat === "row1Driver" || occupied(s, seat));
}

function windowOpen(s: TickState, row: 1 | 2, driverSide: boolean): number {
  if (s.phase === "parked") return flag(row === 1 && driverSide && forgotWindow(s));
  return flag(warmDrive(s) && (row === 1 || occupied(s, driverSide ? "row2Driver" : "row2Passenger")));
}

function belted(s: TickState, seat: Seat | "row1Driver"): number {
  if (s.phase !== "driving" || s.tripSeconds < 5) return 0;
  return flag(seat === "row1Driver" || occupied(s, seat));
}

export const BODY_SIGNALS: SignalDefinition[] = [
  float("bodyLightsIsAirbagWarningOn", everyVehicle, "slow", () => 0),
  float("bodyLockIsLocked", everyVehicle, "always", locked),
  float("bodyTrunkFrontIsOpen", withTractionBattery, "always", () => 0),
  float("bodyTrunkRearIsOpen", everyVehicle, "always", (s) =>
    flag(s.phase === "arrived" && chance(s.vehicle.tokenId, s.tripSeq, 19) < 0.2),
  ),
  float("cabinDoorRow1DriverSideIsOpen", everyVehicle, "always", (s) => doorOpen(s, "row1Driver")),
  float("cabinDoorRow1PassengerSideIsOpen", everyVehicle, "always", (s) => doorOpen(s, "row1Passenger")),
  float("cabinDoorRow2DriverSideIsOpen", everyVehicle, "always", (s) => doorOpen(s, "row2Driver")),
  float("cabinDoorRow2PassengerSideIsOpen", everyVehicle, "always", (s) => doorOpen(s, "row2Passenger")),
  float("cabinDoorRow1DriverSideWindowIsOpen", everyVehicle, "always", (s) => windowOpen(s, 1, true)),
  float("cabinDoorRow1PassengerSideWindowIsOpen", everyVehicle, "always", (s) => windowOpen(s, 1, false)),
  float("cabinDoorRow2DriverSideWindowIsOpen", everyVehicle, "always", (s) => windowOpen(s, 2, true)),
  float("cabinDoorRow2PassengerSideWindowIsOpen", everyVehicle, "always", (s) => windowOpen(s, 2, false)),
  float("cabinSeatRow1DriverSideIsBelted", everyVehicle, "always", (s) => belted(s, "row1Driver")),
  float("cabinSeatRow1PassengerSideIsBelted", everyVehicle, "always", (s) => belted(s, "row1Passenger")),
  float("cabinSeatRow2DriverSideIsBelted", everyVehicle, "always", (s) => belted(s, "row2Driver")),
  float("cabinSeatRow2MiddleIsBelted", everyVehicle, "always", (s) => belted(s, "row2Middle")),
  float("cabinSeatRow2PassengerSideIsBelted", everyVehicle, "always", (s) => belted(s, "row2Passenger")),
  // No seeded car has a third row.
  float("cabinSeatRow3DriverSideIsBelted", noSeededVehicle, "always"),
  float("cabinSeatRow3PassengerSideIsBelted", noSeededVehicle, "always"),
];
