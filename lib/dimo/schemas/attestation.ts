import "server-only";
import { z } from "zod";
import { graphQLErrorSchema } from "./identity";

/**
 * The Attestation API's answers, and the Telemetry API's `attestations` (schema/attestation.graphqls of DIMO's
 * telemetry-api). A credential's `attestation` is its whole CloudEvent, JSON-encoded.
 */

/** `{message, vcUrl, vcQuery}` for the VIN, `{message}` for the others. */
export const attestationCreatedSchema = z
  .object({ message: z.string().optional(), vcUrl: z.string().optional(), vcQuery: z.string().optional() })
  .loose();

const attestationSchema = z.object({
  id: z.string(),
  vehicleTokenId: z.number().nullish(),
  time: z.string(),
  attestation: z.string(),
  type: z.string(),
  source: z.string(),
  dataVersion: z.string(),
  producer: z.string().nullish(),
  signature: z.string(),
  tags: z.array(z.string()).nullish(),
});

export const attestationsAnswerSchema = z.object({
  data: z.object({ attestations: z.array(attestationSchema.nullable()).nullish() }).nullish(),
  errors: z.array(graphQLErrorSchema).optional(),
});

/** The time of the vehicle's latest location fix, which a position credential attests by default. */
export const lastFixAnswerSchema = z.object({
  data: z
    .object({
      signalsLatest: z.object({ currentLocationCoordinates: z.object({ timestamp: z.string() }).nullish() }).nullish(),
    })
    .nullish(),
  errors: z.array(graphQLErrorSchema).optional(),
});
