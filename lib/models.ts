/**
 * The app's plain data types (vehicles, trips, valuations, offers, tokens, activity entries), for any module, client
 * components included. They are defined beside the server code that produces them; this module only re-exports types.
 */
export type * from "./dimo/types";
export type { ActivityEntry, ActivityReplay } from "./dimo/activity";
export type { DimoService } from "./config";
