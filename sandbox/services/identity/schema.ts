import { buildSchema } from "graphql";
import { CATALOG_SDL } from "./sdl/catalog";
import { CORE_SDL } from "./sdl/core";
import { DEVICES_SDL } from "./sdl/devices";
import { VEHICLE_SDL } from "./sdl/vehicle";

/**
 * DIMO's identity API schema, field for field: every Query field with the real arguments, types and nullability.
 * `schema-fixture.test.ts` compares it with the real one's signature, so any drift fails a test.
 */
const IDENTITY_SDL = [CORE_SDL, VEHICLE_SDL, DEVICES_SDL, CATALOG_SDL].join("\n");

export const identitySchema = buildSchema(IDENTITY_SDL);
