import "server-only";
import { z } from "zod";

/** `GET /v1/vehicle/{tokenId}/trips?page=N`: locations may be absent on either end, never null. */

const locationSchema = z.object({ latitude: z.number(), longitude: z.number() });

const tripEndSchema = z.object({
  time: z.string(),
  location: locationSchema.nullish(),
  estimatedLocation: locationSchema.nullish(),
});

export const tripsResponseSchema = z.object({
  trips: z
    .array(
      z.object({
        id: z.string(),
        start: tripEndSchema,
        end: tripEndSchema,
        droppedData: z.boolean().optional(),
      }),
    )
    .nullish(),
  totalPages: z.number().int().nonnegative(),
  currentPage: z.number().int().nonnegative(),
});
