/** The names the sample generator and the queries treat specially. */
export { APPROXIMATE_LOCATION_SIGNAL } from "@/lib/signals/catalog";
export const LOCATION_SIGNAL = "currentLocationCoordinates";
export const POWERTRAIN_TYPE_SIGNAL = "powertrainType";
/** Sent with every drive tick, arrival and parked heartbeat: its last sample is when the vehicle was last seen. */
export const IGNITION_SIGNAL = "isIgnitionOn";
