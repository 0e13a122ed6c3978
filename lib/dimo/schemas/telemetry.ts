import "server-only";
import { z } from "zod";
import { type SignalKind } from "@/lib/signals/catalog";
import { TELEMETRY_SIGNALS } from "@/lib/telemetry-signals";
import { graphQLErrorSchema } from "./identity";

/**
 * Telemetry API (GraphQL) answers: `data` may be partial, with an error per refused field beside it, so every field
 * is nullable here and the client decides what a missing one means.
 */

export { graphQLErrorSchema };

export const locationSchema = z.object({ latitude: z.number(), longitude: z.number(), hdop: z.number().nullish() });

const VALUE_SCHEMAS: Record<SignalKind, z.ZodType<number | string | { latitude: number; longitude: number }>> = {
  float: z.number(),
  string: z.string(),
  location: locationSchema,
};

type LatestEntrySchema = z.ZodOptional<
  z.ZodNullable<
    z.ZodObject<{
      timestamp: z.ZodString;
      value: z.ZodType<number | string | { latitude: number; longitude: number }>;
    }>
  >
>;

/** `{ timestamp value }` of each signal in `signalsLatest`, typed by the signal's kind. */
const latestShapeOf = (signals: readonly { name: string; kind: SignalKind }[]) =>
  Object.fromEntries(
    signals.map((signal) => [
      signal.name,
      z.object({ timestamp: z.string(), value: VALUE_SCHEMAS[signal.kind] }).nullish(),
    ]),
  ) as Record<string, LatestEntrySchema>;

const latestShape = latestShapeOf(TELEMETRY_SIGNALS);

const answer = <T extends z.ZodType>(data: T) =>
  z.object({ data: data.nullish(), errors: z.array(graphQLErrorSchema).optional() });

export const latestAnswerSchema = answer(
  z.object({
    signalsLatest: z.object({ lastSeen: z.string().nullish(), ...latestShape }).nullish(),
    availableSignals: z.array(z.string()).nullish(),
    dataSummary: z
      .object({
        numberOfSignals: z.number().int().nonnegative(),
        firstSeen: z.string().nullish(),
        lastSeen: z.string().nullish(),
      })
      .nullish(),
  }),
);

export const availableAnswerSchema = answer(z.object({ availableSignals: z.array(z.string()).nullish() }));

/** One bucket of `signals`: its timestamp and the aggregated value of the one signal asked for (null: none). */
export const historyAnswerSchema = answer(
  z.object({ signals: z.array(z.object({ timestamp: z.string() }).catchall(z.number().nullable())).nullish() }),
);

export const vinAnswerSchema = answer(
  z.object({
    vinVCLatest: z
      .object({
        vin: z.string().nullish(),
        recordedAt: z.string().nullish(),
        countryCode: z.string().nullish(),
        validFrom: z.string().nullish(),
        validTo: z.string().nullish(),
      })
      .nullish(),
  }),
);

const signalLocationSchema = z.object({ timestamp: z.string(), value: locationSchema });

export const segmentsAnswerSchema = answer(
  z.object({
    segments: z
      .array(
        z.object({
          start: signalLocationSchema,
          end: signalLocationSchema.nullish(),
          duration: z.number().int().nonnegative(),
          isOngoing: z.boolean(),
          startedBeforeRange: z.boolean(),
        }),
      )
      .nullish(),
  }),
);

export type GraphQLError = z.output<typeof graphQLErrorSchema>;

/** One bucket of a trip's path: the location (null when the bucket has none) and, when asked for, the speed. */
/** One bucket of a trip's path: its time, the last fix in it and the average speed (when asked for). */
export const pathRowSchema = z.object({
  timestamp: z.string(),
  currentLocationCoordinates: locationSchema.nullish(),
  speed: z.number().nullish(),
});

/** Trips' paths, one aliased `signals` field per trip (`p0`, `p1`, ...): the rows of each, or null when it failed. */
export const pathsAnswerSchema = answer(z.record(z.string(), z.array(pathRowSchema).nullish()));

/** One bucket of a location signal's `signals`: its timestamp and the aggregated fix (null: none in the bucket). */
export const locationHistoryAnswerSchema = answer(
  z.object({ signals: z.array(z.object({ timestamp: z.string() }).catchall(locationSchema.nullable())).nullish() }),
);
