/**
 * The app's plain data types (vehicles, trips, valuations, offers, tokens), for any module, client components
 * included. They are defined beside the DIMO client, which produces them; this module only re-exports types.
 */
export type * from "./dimo/types";
