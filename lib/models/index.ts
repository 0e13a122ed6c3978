/**
 * The app's plain data types (vehicles, trips, valuations, offers, tokens, activity entries): what the DIMO client
 * returns, with no zod and no upstream quirks, for any module, client components included. One file per DIMO service;
 * import them from here. Types only, so that a client component importing them pulls in no code.
 *
 * The dashboard's own views (attestation, webhooks, webhook-trial, inbox, share-links, fleet, roster) live beside
 * them with the few client-safe constants that go with their types, and are imported by their path.
 */

export type * from "./activity";
export type * from "./events";
export type * from "./identity";
export type * from "./location";
export type * from "./telemetry";
export type * from "./tokens";
export type * from "./trips";
export type * from "./valuations";
